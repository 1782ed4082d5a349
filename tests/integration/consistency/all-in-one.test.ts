import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { uniqueName } from '@stockai/platform/src/testing';
import { type AllInOne, startAllInOne } from '../../../deploy/all-in-one';
import { readYourWritesCases } from './read-your-writes-cases';

jest.setTimeout(240_000);

/** Read-your-writes (issue 28) in the all-in-one process: embedded PostgreSQL, bus and cache, the demo card processor. */
describe('read your writes, all-in-one', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'consistency-all-in-one-'));
  const admin = { email: `${uniqueName('root')}@example.com`, password: 'admin-pass-1' };
  let app: AllInOne;

  beforeAll(async () => {
    app = await startAllInOne({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      webDir: path.join(dataDir, 'no-web'),
      logLevel: 'silent',
      rateLimitPerMinute: 0,
      auth: { admin, mail: { from: 'StockAI <no-reply@example.com>', outboxDir: path.join(dataDir, 'mail') } },
    });
  });

  afterAll(async () => {
    await app?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  readYourWritesCases(() => ({ base: app.url, admin }));
});
