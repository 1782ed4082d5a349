/**
 * The whole product's API on a free port (all-in-one: embedded databases in a new data
 * directory, nothing mocked), for the web's component and hook tests. Prints its address as
 * one JSON line; stops and removes its data on SIGTERM.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAllInOne } from '../../deploy/all-in-one';
import { TEST_ADMIN } from './test-users';

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockai-vitest-'));
  const app = await startAllInOne({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    logLevel: 'error',
    rateLimitPerMinute: 100_000,
    auth: { admin: TEST_ADMIN },
  });
  process.stdout.write(`${JSON.stringify({ url: app.url })}\n`);
  const stop = async () => {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
