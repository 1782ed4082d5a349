/**
 * `npm start` runs the all-in-one as one prebuilt bundle (deploy/build-all-in-one.mjs, ADR 51):
 * rebuilt only when a file it was made from changes, and, run from dist/all-in-one/, it still
 * finds what the sources read beside themselves (migrations, the bundled market data, the
 * built web app).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { freePort } from '../tests/support/gateway';

jest.setTimeout(300_000);

const ROOT = path.join(__dirname, '..');
const STAMP = path.join(ROOT, 'dist', 'all-in-one', 'inputs.json');

const prepare = (script: string) => execFileSync(process.execPath, [path.join('deploy', script)], { cwd: ROOT, encoding: 'utf8' });

describe('the all-in-one bundle that `npm start` runs', () => {
  let child: ChildProcess | undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stockai-bundle-'));

  beforeAll(() => {
    prepare('build-web.mjs');
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is rebuilt when a file it was made from differs from the one recorded, and not when nothing changed', () => {
    prepare('build-all-in-one.mjs');
    const stamp = JSON.parse(readFileSync(STAMP, 'utf8')) as { files: Record<string, string | null> };
    // The recorded inputs are the sources esbuild read, the all-in-one's own entry among them.
    expect(stamp.files).toHaveProperty(['deploy/all-in-one.ts']);
    expect(stamp.files).toHaveProperty(['services/analysis/src/app.ts']);
    expect(Object.keys(stamp.files).some((file) => file.includes('node_modules'))).toBe(false);

    expect(prepare('build-all-in-one.mjs')).toContain('up to date');
    // As if the gateway's source had been edited since the last build.
    writeFileSync(STAMP, JSON.stringify({ files: { ...stamp.files, 'gateway/src/app.ts': 'an older version' } }));
    expect(prepare('build-all-in-one.mjs')).toContain('bundled into');
    expect(prepare('build-all-in-one.mjs')).toContain('up to date');
  });

  it('starts from dist/all-in-one and serves the web app and the API', async () => {
    const port = await freePort();
    child = spawn(process.execPath, [path.join('dist', 'all-in-one', 'all-in-one.js')], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child!.once('exit', (code) => reject(new Error(`the bundle exited with code ${code} before it was ready`)));
      readline.createInterface({ input: child!.stdout! }).on('line', (line) => {
        if (line.includes('StockAI is running')) resolve();
      });
    });
    const base = `http://127.0.0.1:${port}`;

    const page = await fetch(`${base}/history`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"></div>');

    // The stock list comes from the bundled market data, found at its repository path.
    const stocks = await fetch(`${base}/api/stocks`);
    expect(stocks.status).toBe(200);
    const list = (await stocks.json()) as Array<{ symbol: string }>;
    expect(list.map((stock) => stock.symbol)).toContain('AAPL');

    // Registration writes through auth's migrated tables.
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `bundle-${Date.now()}@example.com`, password: 'bundle-pass-1', firstName: '志明', lastName: '林' }),
    });
    expect(registered.status).toBe(201);
  });
});
