import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ProcessGroup, distributedProcesses } from '../../../deploy/distributed';
import { type AllInOne, startAllInOne } from '../../../deploy/all-in-one';
import { parseTrustedProxies } from '../../../gateway/src/trusted-proxies';
import { type DistributedRun, prepareDistributedRun } from '../../support/distributed-run';
import { freePort, freePortBlock } from '../../support/gateway';

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
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forwarded-all-in-one-'));
  let app: AllInOne;

  beforeAll(async () => {
    app = await startAllInOne({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      webDir: path.join(dataDir, 'no-web'),
      logLevel: 'silent',
      rateLimitPerMinute: LIMIT,
      trustedProxies: parseTrustedProxies(TRUSTED_PROXIES),
      auth: { mail: { from: 'StockAI <no-reply@example.com>', outboxDir: path.join(dataDir, 'mail') } },
    });
  });

  afterAll(async () => {
    await app?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  forwardedAddressCases(() => app.url);
});

describe('forwarded addresses, distributed', () => {
  const logs: string[] = [];
  let run: DistributedRun;
  let group: ProcessGroup;
  let base: string;

  beforeAll(async () => {
    run = await prepareDistributedRun('fwd');
    const gatewayPort = await freePort();
    // The gateway as `npm run start:distributed` runs it, with the one service these calls reach.
    const processes = distributedProcesses({
      gatewayPort,
      servicePortBase: await freePortBlock(40),
      env: { ...run.env, TRUSTED_PROXIES, RATE_LIMIT_PER_MINUTE: String(LIMIT) },
    }).filter((p) => p.name === 'gateway' || p.name === 'analysis');
    group = new ProcessGroup(processes, (name, line) => logs.push(`${name} | ${line}`));
    base = `http://127.0.0.1:${gatewayPort}`;
    group.startAll();
    await group.waitAllReady(200_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${logs.slice(-40).join('\n')}`);
    });
  }, 230_000);

  afterAll(async () => {
    await group?.stopAll();
    await run?.cleanUp();
  });

  forwardedAddressCases(() => base);
});
