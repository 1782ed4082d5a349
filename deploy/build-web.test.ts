/**
 * `deploy/build-web.mjs` (npm start's and `npm run build:web`'s web build) makes a production
 * build whatever NODE_ENV its caller has. Under Jest's NODE_ENV=test, Vite made a development
 * build: the bundle test rebuilt web/dist that way in the middle of the browser tests, which
 * then met React's development runtime and an API testing page open to visitors.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.join(__dirname, '..');
const buildWeb = (...args: string[]) =>
  execFileSync(process.execPath, [path.join('deploy', 'build-web.mjs'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'test' },
  });

describe('the web build', () => {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'stockai-web-build-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('is a production build under NODE_ENV=test, and is not made again while its sources are unchanged', () => {
    expect(buildWeb('--force', '--out-dir', outDir)).toContain(`web app built into ${outDir}`);
    const assets = readdirSync(path.join(outDir, 'assets'));
    expect(assets.filter((file) => file.includes('dev-runtime'))).toEqual([]);
    const scripts = assets.filter((file) => file.endsWith('.js')).map((file) => readFileSync(path.join(outDir, 'assets', file), 'utf8'));
    expect(scripts.length).toBeGreaterThan(5);
    // React's development build greets the console with this; its production build does not.
    expect(scripts.filter((text) => text.includes('Download the React DevTools'))).toEqual([]);

    expect(buildWeb('--out-dir', outDir)).toContain('not rebuilt');
  }, 120_000);
});
