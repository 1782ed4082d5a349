import { type Cache, type RateLimitRule, createRedisCache } from '@stockai/platform';
import { testInfra, uniqueName } from '@stockai/platform/src/testing';
import { authTestInfra } from '../testing/infra';
import { enforce } from './rate-limits';

/** The limits on sign-up, sign-in and reset e-mails, counted on real Redis. */
describe('account rate limits', () => {
  let cache: Cache;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ cache, close } = await authTestInfra());
  });
  afterAll(() => close());

  /** A window of about four months: no test runs across its end. */
  const rule = (limit: number): RateLimitRule => ({ name: uniqueName('rule'), limit, windowSeconds: 10_000_000 });
  const attempt = (checks: Parameters<typeof enforce>[2]) =>
    enforce(cache, 'Too many reset e-mails for this address', checks).then(
      () => 'allowed',
      (err: { status: number; code: string; message: string; headers: Record<string, string> }) => err,
    );

  it('allows the limit, then refuses with a message naming the wait and a Retry-After', async () => {
    const perEmail = rule(2);
    expect(await attempt([[perEmail, 'kit@example.com']])).toBe('allowed');
    expect(await attempt([[perEmail, 'kit@example.com']])).toBe('allowed');
    const refused = await attempt([[perEmail, 'kit@example.com']]);
    expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    const { message, headers } = refused as { message: string; headers: Record<string, string> };
    const seconds = Number(headers['Retry-After']);
    expect(seconds).toBeGreaterThan(0);
    expect(message).toBe(`Too many reset e-mails for this address, please try again in ${Math.ceil(seconds / 60)} minutes`);
  });

  it('counts an address in any case or spacing as one, and each address apart', async () => {
    const perEmail = rule(1);
    expect(await attempt([[perEmail, 'Ada@Example.com']])).toBe('allowed');
    expect(await attempt([[perEmail, '  ada@example.COM ']])).toMatchObject({ status: 429 });
    expect(await attempt([[perEmail, 'bob@example.com']])).toBe('allowed');
  });

  it('refuses when any one rule is over its limit, skipping rules without a subject or a limit', async () => {
    const perIp = rule(1);
    const perEmail = rule(5);
    expect(
      await attempt([
        [perIp, '10.0.0.1'],
        [perEmail, 'a@example.com'],
      ]),
    ).toBe('allowed');
    // Another address from the same client: the per-IP rule refuses.
    expect(
      await attempt([
        [perIp, '10.0.0.1'],
        [perEmail, 'b@example.com'],
      ]),
    ).toMatchObject({ status: 429 });
    // No client address known, and a limit of 0 (off): nothing to count against.
    const off = rule(0);
    for (let i = 0; i < 3; i++)
      expect(
        await attempt([
          [perIp, undefined],
          [off, 'a@example.com'],
        ]),
      ).toBe('allowed');
  });

  it('lets everyone through when the cache is down, rather than locking them out', async () => {
    const down = createRedisCache((await testInfra()).redisUrl, { keyPrefix: `${uniqueName('down')}:` });
    await down.close();
    const once = rule(1);
    for (let i = 0; i < 3; i++) await expect(enforce(down, 'Too many', [[once, 'a@example.com']])).resolves.toBeUndefined();
  });
});
