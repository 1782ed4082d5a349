import { randomUUID } from 'node:crypto';
import { newEvent } from '@stockai/platform';
import { toActivity } from './consumers';

describe('toActivity', () => {
  const userId = randomUUID();
  const paymentId = randomUUID();
  const price = { amount: 1250, currency: 'USD' };

  it('logs a confirmed payment as a successful payment attempt, in major units with its credits', () => {
    const sut = toActivity(
      newEvent('payment.confirmed', { paymentId, userId, price, credits: 6, provider: 'demo', providerPaymentId: 'pi_1' }),
    );
    expect(sut).toMatchObject({
      user_id: userId,
      activity_type: 'payment_attempt',
      status: 'success',
      details: { paymentId, amount: 12.5, currency: 'USD', credits: 6, provider: 'demo' },
    });
  });

  it('logs a failed payment as a failed payment attempt with the reason', () => {
    const sut = toActivity(
      newEvent('payment.failed', { paymentId, userId, price, provider: 'stripe', providerPaymentId: 'pi_2', reason: 'card_declined' }),
    );
    expect(sut).toMatchObject({ activity_type: 'payment_attempt', status: 'failed', details: { reason: 'card_declined', amount: 12.5 } });
    expect(sut?.details).not.toHaveProperty('credits');
  });

  it('logs analyses by their outcome, a failure with its error', () => {
    const analysisId = randomUUID();
    expect(toActivity(newEvent('analysis.completed', { analysisId, userId, symbol: 'AAPL' }))).toMatchObject({
      activity_type: 'analysis_attempt',
      status: 'success',
      details: { symbol: 'AAPL', analysisId },
    });
    expect(toActivity(newEvent('analysis.failed', { analysisId, userId, symbol: 'AAPL', error: 'no market data' }))).toMatchObject({
      activity_type: 'analysis_attempt',
      status: 'failed',
      details: { error: 'no market data' },
    });
  });

  it('leaves out events that are not activities', () => {
    expect(toActivity(newEvent('credit.debited', { userId, amount: 1, reference: 'analysis:x' }))).toBeUndefined();
  });
});
