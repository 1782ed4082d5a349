import { type Cache, createRedisCache } from '@stockai/platform';
import { testInfra, uniqueName, waitFor } from '@stockai/platform/src/testing';
import { authTestInfra } from '../testing/infra';
import { type LoginBackoffRule, loginBackoff } from './login-backoff';

/** Failed sign-ins slowing down one client for one address, on real Redis. */
describe('login back-off', () => {
  let cache: Cache;
  let close: () => Promise<void>;
  /** Three free failures, then 100 s, doubling up to 500 s: long enough that no wait runs out during a test. */
  const rule: LoginBackoffRule = { freeFailures: 3, firstDelaySeconds: 100, maxDelaySeconds: 500, memorySeconds: 3600 };
  const sut = (r = rule) => loginBackoff(cache, r);

  beforeAll(async () => {
    ({ cache, close } = await authTestInfra());
  });
  afterAll(() => close());

  const newEmail = () => `${uniqueName('who')}@example.com`;
  /** The seconds this client must still wait for this address (its Retry-After), 0 when it may try. */
  const waitOf = (email: string, client: string, backoff = sut()) =>
    backoff.check(email, client).then(
      () => 0,
      (err: { status: number; code: string; message: string; headers: Record<string, string> }) => {
        expect(err).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
        return Number(err.headers['Retry-After']);
      },
    );
  const fail = async (email: string, client: string, times: number) => {
    for (let i = 0; i < times; i++) await sut().failed(email, client);
  };
  /** Within 5 s (the delays here are 100 s apart): Redis rounds a key's remaining time to whole seconds. */
  const about = (seconds: number) => expect.closeTo(seconds, -1);

  it('lets the free failures go without a wait, then waits the first delay', async () => {
    const email = newEmail();
    await fail(email, '10.0.0.1', rule.freeFailures - 1);
    expect(await waitOf(email, '10.0.0.1')).toBe(0);
    await fail(email, '10.0.0.1', 1);
    expect(await waitOf(email, '10.0.0.1')).toEqual(about(100));
  });

  it('doubles the wait with each further failure, up to the longest', async () => {
    const email = newEmail();
    await fail(email, '10.0.0.2', rule.freeFailures);
    const waits = [await waitOf(email, '10.0.0.2')];
    for (let i = 0; i < 4; i++) {
      await fail(email, '10.0.0.2', 1);
      waits.push(await waitOf(email, '10.0.0.2'));
    }
    expect(waits).toEqual([about(100), about(200), about(400), about(500), about(500)]);
  });

  it('says how long to wait, in seconds under a minute and in whole minutes above', async () => {
    const short = newEmail();
    const shortRule = { ...rule, firstDelaySeconds: 30 };
    for (let i = 0; i < rule.freeFailures; i++) await sut(shortRule).failed(short, 'c');
    await expect(sut().check(short, 'c')).rejects.toThrow(
      /^Too many failed sign-ins for this account, please try again in (29|30) seconds$/,
    );
    const long = newEmail();
    await fail(long, 'c', rule.freeFailures + 1);
    await expect(sut().check(long, 'c')).rejects.toThrow(/please try again in 4 minutes$/);
  });

  it('starts again from nothing after a success', async () => {
    const email = newEmail();
    await fail(email, '10.0.0.3', rule.freeFailures + 1);
    expect(await waitOf(email, '10.0.0.3')).toBeGreaterThan(0);
    await sut().succeeded(email, '10.0.0.3');
    expect(await waitOf(email, '10.0.0.3')).toBe(0);
    // The count was cleared too: the free failures are free again.
    await fail(email, '10.0.0.3', rule.freeFailures - 1);
    expect(await waitOf(email, '10.0.0.3')).toBe(0);
  });

  it('lets the wait run out by itself', async () => {
    const email = newEmail();
    const quick = { ...rule, firstDelaySeconds: 2 };
    for (let i = 0; i < rule.freeFailures; i++) await sut(quick).failed(email, 'c');
    expect(await waitOf(email, 'c')).toBeGreaterThan(0);
    await waitFor('the two-second wait to run out', async () => (await waitOf(email, 'c')) === 0);
  });

  it('slows only the failing client for that address, whatever the address’s case or spacing', async () => {
    const email = newEmail();
    await fail(`  ${email.toUpperCase()} `, '10.0.0.4', rule.freeFailures);
    expect(await waitOf(email, '10.0.0.4')).toEqual(about(100));
    // The owner signing in from elsewhere, and the same client at another address, are not held up.
    expect(await waitOf(email, '10.0.0.5')).toBe(0);
    expect(await waitOf(newEmail(), '10.0.0.4')).toBe(0);
  });

  it('lets everyone try when the cache is down, rather than locking them out', async () => {
    const down = createRedisCache((await testInfra()).redisUrl, { keyPrefix: `${uniqueName('down')}:` });
    await down.close();
    const backoff = loginBackoff(down, rule);
    const email = newEmail();
    for (let i = 0; i < rule.freeFailures + 2; i++) await backoff.failed(email, 'c');
    await expect(backoff.check(email, 'c')).resolves.toBeUndefined();
    await expect(backoff.succeeded(email, 'c')).resolves.toBeUndefined();
    await expect(down.get('anything')).rejects.toThrow();
  });
});
