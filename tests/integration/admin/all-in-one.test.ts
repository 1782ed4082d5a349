import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { uniqueName } from '@stockai/platform/src/testing';
import { type AllInOne, startAllInOne } from '../../../deploy/all-in-one';
import { adminApiCases } from './admin-api-cases';

jest.setTimeout(180_000);

/**
 * The admin API in the all-in-one process (embedded PostgreSQL, bus and cache), its admin from
 * ADMIN_EMAIL / ADMIN_PASSWORD, without AI keys: the built-in analyst writes the reports.
 */
describe('admin API, all-in-one', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-all-in-one-'));
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

  adminApiCases(() => ({ base: app.url, adminServiceUrl: (app.services.admin as { url: string }).url, admin, exchangesBy: 'built-in' }));
});
