import { parseTrustedProxies } from '../../../gateway/src/trusted-proxies';
import { type TestAllInOne, type TestDistributed, startTestAllInOne, startTestDistributed } from '../../support/product-shapes';

jest.setTimeout(240_000);

/** Only this address may name the client; the tests call from loopback, which is not it. */
const TRUSTED_PROXIES = '10.9.9.9/32';
const LIMIT = 20;

/**
 * Issue 28, item 4: X-Forwarded-For is believed only from a peer in TRUSTED_PROXIES, in both
 * shapes. A client on loopback (not trusted here) that invents a new address for every request
 * is still counted as itself by the per-client limit.
 */
function forwardedAddressCases(base: () => string) {
  it('counts a client that invents X-Forwarded-For addresses as itself', async () => {
    const search = (forwardedFor?: string) =>
      fetch(`${base()}/api/stocks?q=MS`, { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} }).then(async (res) => {
        await res.arrayBuffer();
        return res.status;
      });
    const plain: number[] = [];
    for (let i = 0; i < 30; i++) plain.push(await search());
    expect(plain).toEqual([...Array<number>(LIMIT).fill(200), ...Array<number>(30 - LIMIT).fill(429)]);

    const spoofed: number[] = [];
    for (let i = 0; i < 10; i++) spoofed.push(await search(`203.0.113.${i + 1}`));
    expect(spoofed).toEqual(Array<number>(10).fill(429));
  });
}

describe('forwarded addresses, all-in-one', () => {
  let shape: TestAllInOne;

  beforeAll(async () => {
    shape = await startTestAllInOne('forwarded-all-in-one', {
      rateLimitPerMinute: LIMIT,
      trustedProxies: parseTrustedProxies(TRUSTED_PROXIES),
    });
  });

  afterAll(async () => {
    await shape?.stop();
  });

  forwardedAddressCases(() => shape.app.url);
});

describe('forwarded addresses, distributed', () => {
  let shape: TestDistributed;

  beforeAll(async () => {
    // The gateway as `npm run start:distributed` runs it, with the one service these calls reach.
    shape = await startTestDistributed('fwd', {
      env: { TRUSTED_PROXIES, RATE_LIMIT_PER_MINUTE: String(LIMIT) },
      only: ['gateway', 'analysis'],
    });
  }, 230_000);

  afterAll(async () => {
    await shape?.stop();
  });

  forwardedAddressCases(() => shape.base);
});
