import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { type AllInOneOptions, startAllInOne } from '../../deploy/all-in-one';
import { launchBrowser } from './browser';

/**
 * How long a suite's beforeAll may take to start the app on a new data directory (databases
 * made, migrations run, the web app served). A few seconds on an idle machine; on a shared one at
 * load average 30+ it took over two minutes, and the suites failed before any test ran.
 */
export const APP_START_TIMEOUT_MS = 240_000;

export interface WebApp {
  browser: Browser;
  dataDir: string;
  /** The app's address of `pathname`. */
  url(pathname: string): string;
  close(): Promise<void>;
}

/**
 * The whole product on one port (the gateway serving web/dist and the API, embedded databases
 * in a new data directory) and a headless Chromium to drive it; nothing is mocked.
 * E2E_WEB_DIR serves another build instead of web/dist (`vite build --outDir …`), e.g. to check
 * that a test fails against a deliberately broken build without touching the shared web/dist.
 */
export async function startWebApp(options: (dataDir: string) => Partial<AllInOneOptions> = () => ({})): Promise<WebApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockai-web-'));
  const webDir = process.env.E2E_WEB_DIR || undefined;
  const app = await startAllInOne({ port: 0, dataDir, logLevel: 'warn', webDir, ...options(dataDir) });
  const browser = await launchBrowser().catch(async (err: unknown) => {
    await app.stop();
    throw err;
  });
  return {
    browser,
    dataDir,
    url: (pathname) => new URL(pathname, app.url).toString(),
    async close() {
      await browser.close();
      await app.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
