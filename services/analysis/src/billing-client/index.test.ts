import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BillingUnavailable, createBillingClient } from '.';

const balance = { totalCredits: 9, freeCredits: 9, paidCredits: 0, dailyCredits: 0, maxDailyCredits: 0 };

/** A billing replica on loopback: answers each debit, or (`resetting`) reads it and drops the connection. */
async function startBilling(resetting = false) {
  const debits: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      debits.push(body);
      if (resetting) return req.socket.resetAndDestroy();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(balance));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    debits,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the billing client with two billing replicas', () => {
  const debit = { userId: '00000000-0000-4000-8000-000000000001', amount: 1, reference: 'analysis:one' };
  const stops: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop().catch(() => undefined)));
  });

  it('debits through the other replica when one refuses, every time', async () => {
    const [gone, live] = [await startBilling(), await startBilling()];
    stops.push(live.stop);
    await gone.stop();
    const sut = createBillingClient([gone.url, live.url]);
    for (let i = 0; i < 4; i++) await expect(sut.debit({ ...debit, reference: `analysis:${i}` }, undefined)).resolves.toEqual(balance);
    expect(live.debits.map((d) => (JSON.parse(d) as { reference: string }).reference)).toEqual([0, 1, 2, 3].map((i) => `analysis:${i}`));
  });

  it('sends a debit that was dropped to the other replica: the reference makes it one debit', async () => {
    const [dropping, live] = [await startBilling(true), await startBilling()];
    stops.push(dropping.stop, live.stop);
    const sut = createBillingClient([dropping.url, live.url]);
    await expect(sut.debit(debit, undefined)).resolves.toEqual(balance);
    expect([dropping.debits, live.debits]).toEqual([[JSON.stringify(debit)], [JSON.stringify(debit)]]);
  });

  it('says whether the debit may have been made when no replica answered', async () => {
    const [dropping, gone] = [await startBilling(true), await startBilling()];
    stops.push(dropping.stop);
    await gone.stop();
    const refused = await createBillingClient([gone.url])
      .debit(debit, undefined)
      .catch((err: unknown) => err);
    expect(refused).toEqual(expect.objectContaining({ mayHaveDebited: false }));
    const dropped = await createBillingClient([dropping.url, gone.url])
      .debit(debit, undefined)
      .catch((err: unknown) => err);
    expect(dropped).toBeInstanceOf(BillingUnavailable);
    expect(dropped).toEqual(expect.objectContaining({ mayHaveDebited: true }));
  });
});
