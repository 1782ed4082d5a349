import { eventData, eventTypes, parseEventData } from './events';

describe('event contracts', () => {
  it('covers every core event type of the architecture', () => {
    const sut = new Set(eventTypes);
    for (const type of [
      'user.registered',
      'user.logged-in',
      'user.updated',
      'analysis.requested',
      'analysis.completed',
      'analysis.failed',
      'credit.debited',
      'credit.refunded',
      'credit.granted',
      'payment.confirmed',
      'payment.failed',
      'subscription.started',
      'subscription.renewed',
      'subscription.canceled',
      'subscription.expired',
      'membership.changed',
    ]) {
      expect(sut.has(type as never)).toBe(true);
    }
  });

  it('accepts a valid user.registered and strips unknown fields', () => {
    const data = eventData('user.registered', {
      userId: '6f1c2a34-1b7e-4c1e-9a55-0f3b2a1c9d10',
      email: 'amy@example.com',
      firstName: 'Amy',
      lastName: 'Chan',
      registeredAt: '2026-11-22T10:00:00.000Z',
      password: 'never-in-an-event',
    } as never);
    expect(data).not.toHaveProperty('password');
    expect(data.email).toBe('amy@example.com');
  });

  it('reads user.updated with or without the investor type, and refuses a type that is not a risk profile', () => {
    const userId = '6f1c2a34-1b7e-4c1e-9a55-0f3b2a1c9d10';

    expect(parseEventData('user.updated', { userId, fields: ['password'] })).toEqual({ userId, fields: ['password'] });
    expect(parseEventData('user.updated', { userId, fields: ['riskTolerance'], investorType: 'growth' }).investorType).toBe('growth');
    expect(parseEventData('user.updated', { userId, fields: [], investorType: null }).investorType).toBeNull();
    expect(() => parseEventData('user.updated', { userId, fields: [], investorType: '成長型' })).toThrow();
  });

  it('rejects a payload that breaks the schema', () => {
    expect(() => parseEventData('membership.changed', { userId: 'not-a-uuid', level: 'gold', previousLevel: 'free' })).toThrow();
  });
});
