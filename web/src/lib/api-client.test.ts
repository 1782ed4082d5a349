import { creditsResponse, stockListResponse, stockStatusResponse } from '@stockai/contracts';
import { z } from 'zod';
import { describe, expect, inject, it } from 'vitest';
import { signUp } from '../../test/session';
import { ApiError, apiClient, clearAuthToken, firstScreen, hasErrorCode } from './api-client';

async function failure(request: Promise<unknown>): Promise<ApiError> {
  const error = await request.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('apiClient against the real API', () => {
  it('turns a refusal into an ApiError carrying the server code, status and message', async () => {
    const error = await failure(
      apiClient.post('auth/login', z.unknown(), { email: 'nobody@vitest.stockai.test', password: 'wrong-password' }),
    );
    expect(error.status).toBe(401);
    expect(error.code).toBe('INVALID_CREDENTIALS');
    expect(error.hasServerMessage).toBe(true);
    expect(error.isAuthRejection).toBe(true);
    expect(hasErrorCode(error, 'INVALID_CREDENTIALS')).toBe(true);
    expect(hasErrorCode(error, 'INSUFFICIENT_CREDITS')).toBe(false);
  });

  it('maps a 402 with INSUFFICIENT_CREDITS (a start without credits) to its code', async () => {
    await signUp('broke');
    const { totalCredits } = await apiClient.get('users/credits', creditsResponse);
    expect(totalCredits).toBeGreaterThan(0);
    // One analysis per symbol (a second of the same symbol would be refused as running) until the credits run out.
    const symbols = (await apiClient.get('stocks', stockListResponse)).map((stock) => stock.symbol);
    let started = 0;
    let refusal: ApiError | null = null;
    for (const symbol of symbols) {
      const error = await failure(apiClient.post(`analysis/analyze/${symbol}`, z.never(), {})).catch(() => null);
      // A stock that cannot be analysed (422: its status or its data) is refused before any debit.
      if (error?.status === 422) continue;
      if (error === null || error.code === 'INVALID_RESPONSE') started += 1;
      else {
        refusal = error;
        break;
      }
    }
    expect(started).toBe(totalCredits);
    expect(refusal?.status).toBe(402);
    expect(refusal?.code).toBe('INSUFFICIENT_CREDITS');
  });

  it('parses a success with the contract schema, and names an answer that does not fit INVALID_RESPONSE', async () => {
    const status = await apiClient.get('stocks/status/AAPL', stockStatusResponse);
    expect(status).toMatchObject({ symbol: 'AAPL', isActive: true });
    const error = await failure(apiClient.get('stocks/status/AAPL', z.object({ symbol: z.number() })));
    expect(error.code).toBe('INVALID_RESPONSE');
  });

  it('checks an answer with a schema picked from the contracts it loads on demand (the first visit carries no zod)', async () => {
    const status = await apiClient.get('stocks/status/AAPL', (s) => s.stockStatusResponse);
    expect(status).toMatchObject({ symbol: 'AAPL', isActive: true });
    const error = await failure(apiClient.get('stocks/status/AAPL', (s) => s.creditsResponse));
    expect(error.code).toBe('INVALID_RESPONSE');
  });

  it('checks the first screen’s answers with their light copies, loaded on demand (ADR 70)', async () => {
    const stocks = await apiClient.get(
      'stocks',
      firstScreen((s) => s.stockListResponse),
    );
    expect(stocks.map((stock) => stock.symbol)).toContain('AAPL');
    const error = await failure(
      apiClient.get(
        'stocks/status/AAPL',
        firstScreen((s) => s.creditsResponse),
      ),
    );
    expect(error.code).toBe('INVALID_RESPONSE');
  });

  it('refuses an admin call without a token before sending it', async () => {
    clearAuthToken();
    const error = await failure(apiClient.get('admin/stats', z.unknown(), { requireToken: true }));
    expect(error.code).toBe('NO_TOKEN');
    expect(error.message).toBe('No authentication token available');
  });

  it('names an unanswered request NETWORK_ERROR with status 0', async () => {
    // A page served from an address nobody listens on.
    jsdom.reconfigure({ url: 'http://127.0.0.1:9/' });
    try {
      const error = await failure(apiClient.get('stocks', z.unknown()));
      expect(error.isNetworkError).toBe(true);
      expect(error.code).toBe('NETWORK_ERROR');
    } finally {
      jsdom.reconfigure({ url: inject('apiUrl') });
    }
  });
});
