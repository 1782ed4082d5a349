/**
 * The JavaScript a first visit downloads, as a browser loads it: the landing page (a visitor)
 * and the search page of a signed-in member (`/` with a stored token), each in a new browser
 * context (an empty HTTP cache), against the all-in-one process serving the built web app.
 *
 * Every script response is counted until the page is ready for a first analysis, then quiet:
 * - landing: the analyse button and the stock list (autocomplete) are there;
 * - signed in: also the header's credit balance (a figure, not "loading");
 * - then no request in flight for `QUIET_MS`.
 * For each script it prints the bytes as sent to Chromium (its `Accept-Encoding` is
 * `gzip, deflate, br, zstd`: the gateway answers brotli), the gzip bytes the same server
 * sends a gzip-only client, and the decoded size. Goal (issues 15 and 30): ≤ 150 KB gzip each.
 *
 * Usage: `npm run bench:initial-js` (builds the web app first when a source changed).
 * Chromium: /usr/bin/chromium or CHROMIUM_PATH.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, type Page, type Request } from 'playwright-core';
import { jsonCaller } from '../tests/support/billing-member';
import { launchBrowser } from '../web/e2e/browser';
import { startAllInOneProcess } from './all-in-one-process';

const QUIET_MS = 500;
const TIMEOUT_MS = 60_000;

interface Script {
  file: string;
  /** Encoded body bytes as Chromium received them. */
  sent: number;
  encoding: string;
  /** Body bytes the same server sends to `Accept-Encoding: gzip` (plain under its 1 KB threshold). */
  gzip: number;
  raw: number;
}

/** The body's bytes on the wire (not decoded) for one Accept-Encoding, and the encoding used. */
function wireBytes(url: string, acceptEncoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Loads `url` in `context` and returns every script it downloaded until ready and quiet. */
async function measurePage(
  context: BrowserContext,
  url: string,
  ready: (page: Page) => Promise<void>,
  /** Then, counted apart: what the page fetches when the user turns to the form. */
  intent?: (page: Page) => Promise<void>,
): Promise<{ scripts: Script[]; calls: string[]; onIntent: Script[] }> {
  const page = await context.newPage();
  const inFlight = new Set<Request>();
  let lastActivity = Date.now();
  let scripts: Promise<Script | null>[] = [];
  let stockListLoaded = false;
  const calls: string[] = [];
  page.on('request', (request) => {
    inFlight.add(request);
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(`${request.method()} ${pathname}`);
    lastActivity = Date.now();
  });
  const settle = (request: Request) => {
    inFlight.delete(request);
    lastActivity = Date.now();
  };
  page.on('requestfailed', settle);
  page.on('requestfinished', (request) => {
    settle(request);
    if (new URL(request.url()).pathname === '/api/stocks') stockListLoaded = true;
    if (request.resourceType() !== 'script') return;
    scripts.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        const [{ responseBodySize }, headers, body] = await Promise.all([request.sizes(), response.allHeaders(), response.body()]);
        const gzip = await wireBytes(request.url(), 'gzip');
        return {
          file: new URL(request.url()).pathname,
          sent: responseBodySize,
          encoding: headers['content-encoding'] ?? 'identity',
          gzip: gzip.encoding === 'gzip' || gzip.encoding === 'identity' ? gzip.bytes : NaN,
          raw: body.length,
        };
      })(),
    );
  });
  const quiet = async () => {
    const deadline = Date.now() + TIMEOUT_MS;
    while (!stockListLoaded || inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS) {
      if (Date.now() > deadline) throw new Error(`${url} did not settle: ${[...inFlight].map((r) => r.url()).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const found = (await Promise.all(scripts)).filter((s): s is Script => s !== null);
    scripts = [];
    return found;
  };
  await page.goto(url);
  await ready(page);
  const found = await quiet();
  let onIntent: Script[] = [];
  if (intent) {
    await intent(page);
    onIntent = await quiet();
  }
  await page.close();
  return { scripts: found, calls, onIntent };
}

const kb = (n: number) => (n / 1024).toFixed(1);

function print(name: string, { scripts, calls, onIntent }: { scripts: Script[]; calls: string[]; onIntent: Script[] }) {
  const sum = (pick: (s: Script) => number) => scripts.reduce((total, s) => total + pick(s), 0);
  console.log(`\n${name}: ${scripts.length} scripts; API calls: ${calls.join(', ')}`);
  console.log(`  ${'file'.padEnd(44)} ${'sent KB'.padStart(8)} ${'gzip KB'.padStart(8)} ${'raw KB'.padStart(8)}`);
  for (const s of [...scripts].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${s.file.padEnd(44)} ${kb(s.sent).padStart(8)} ${kb(s.gzip).padStart(8)} ${kb(s.raw).padStart(8)}  ${s.encoding}`);
  }
  const encodings = [...new Set(scripts.map((s) => s.encoding))].join('/');
  console.log(
    `  total: ${kb(sum((s) => s.sent))} KB as sent (${encodings}), ${kb(sum((s) => s.gzip))} KB gzip, ${kb(sum((s) => s.raw))} KB raw`,
  );
  if (onIntent.length > 0) {
    const later = (pick: (s: Script) => number) => onIntent.reduce((total, s) => total + pick(s), 0);
    console.log(
      `  then, on focusing the symbol field (not counted above): ${onIntent.length} scripts, ` +
        `${kb(later((s) => s.gzip))} KB gzip (${onIntent.map((s) => s.file.replace(/^\/assets\//, '')).join(', ')})`,
    );
  }
}

async function main() {
  // The web app as `npm start` serves it: rebuilt only when a source changed (ADR 28).
  execFileSync(process.execPath, [path.join(__dirname, '..', 'deploy', 'build-web.mjs')], { stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockai-initial-js-'));
  const app = await startAllInOneProcess({ port: 0, dataDir, logLevel: 'warn' });
  const browser = await launchBrowser();
  try {
    const visitor = jsonCaller(app.url);
    const registered = await visitor('POST', '/api/auth/register', {
      email: `initial-js-${Date.now()}@example.com`,
      password: 'initial-js-pass-1',
      firstName: '志明',
      lastName: '林',
    });
    if (registered.status !== 201) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
    const token = registered.body.token as string;
    // Billing opens the account from user.registered: wait until the header can show a balance.
    const asMember = jsonCaller(app.url, token);
    for (let i = 0; (await asMember('GET', '/api/users/credits')).status !== 200; i++) {
      if (i > 100) throw new Error('the new member has no credits account');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const analyseButton = (page: Page) => page.locator('.symbol-form__submit').first().waitFor({ timeout: TIMEOUT_MS });
    const landingContext = await browser.newContext();
    const landing = await measurePage(landingContext, `${app.url}/`, analyseButton);
    await landingContext.close();

    // A new context with only the stored token: an empty cache, as a member's first visit.
    const memberContext = await browser.newContext({
      storageState: { cookies: [], origins: [{ origin: app.url, localStorage: [{ name: 'authToken', value: token }] }] },
    });
    const member = await measurePage(
      memberContext,
      `${app.url}/`,
      async (page) => {
        await page.locator('.credit-balance__value:not(.credit-balance__value--loading)').waitFor({ timeout: TIMEOUT_MS });
        await page.locator('.symbol-form__submit:not([data-requires-login])').waitFor({ timeout: TIMEOUT_MS });
      },
      (page) => page.locator('.symbol-form input').first().focus(),
    );
    await memberContext.close();

    print('landing (visitor, empty cache)', landing);
    print('search page (signed-in member, empty cache)', member);
  } finally {
    await browser.close();
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
