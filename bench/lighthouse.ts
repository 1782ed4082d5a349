/**
 * Lighthouse (mobile, its default simulated slow 4G and mid-range phone) on the landing page
 * and on a report, against the all-in-one process serving the built web app (`npm start`'s
 * shape, compression included). Prints performance and accessibility scores and the paint
 * timings; bench/README.md records them. Goal ≥ 90 on both, for both pages.
 *
 * Usage: `npm run bench:lighthouse` after `node deploy/build-web.mjs` (npm start builds it).
 * Chromium: /usr/bin/chromium or CHROMIUM_PATH. Lighthouse is pinned to 12.2.3 (13 needs Node 22).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startAllInOne } from '../deploy/all-in-one';
import { CHROMIUM_PATH } from '../web/e2e/browser';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

interface Scores {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockai-lighthouse-'));
  const app = await startAllInOne({ port: 0, dataDir, logLevel: 'warn' });
  const debuggingPort = await freePort();
  // Playwright starts Chromium (with the switches the e2e tests use) and holds it open on a
  // debugging port that Lighthouse drives; the page set up here gives Lighthouse's tab the token.
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', `--remote-debugging-port=${debuggingPort}`, '--no-first-run'],
  });
  try {
    const api = async (method: string, pathname: string, token?: string, body?: unknown) => {
      const res = await fetch(`${app.url}${pathname}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as Record<string, unknown>;
    };
    const { token } = (await api('POST', '/api/auth/register', undefined, {
      email: `lighthouse-${Date.now()}@example.com`,
      password: 'lighthouse-pass-1',
      firstName: '志明',
      lastName: '林',
    })) as { token: string };
    for (let i = 0; i < 50 && !('paidCredits' in (await api('GET', '/api/users/credits', token))); i++)
      await new Promise((r) => setTimeout(r, 200));
    const { analysisId } = (await api('POST', '/api/analysis/analyze/AAPL', token, {})) as { analysisId: string };
    for (let i = 0; i < 150; i++) {
      const state = await api('GET', `/api/analysis/${analysisId}`, token);
      if (state.status === 'completed') break;
      if (state.status === 'failed' || state.status === 'error') throw new Error(`the analysis failed: ${JSON.stringify(state)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(app.url);
    await page.evaluate(
      (value) =>
        (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem('authToken', value),
      token,
    );

    const { default: lighthouse } = await import('lighthouse');
    const measure = async (url: string): Promise<Scores> => {
      const result = await lighthouse(url, {
        port: debuggingPort,
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
        logLevel: 'error',
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { categories, audits } = result.lhr;
      return {
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
        lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbt: audits['total-blocking-time']?.numericValue ?? NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      };
    };

    const pages = { landing: `${app.url}/`, report: `${app.url}/?analysis=${analysisId}` };
    for (const [name, url] of Object.entries(pages)) {
      const runs: Scores[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(url));
      const median = (pick: (s: Scores) => number) => runs.map(pick).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
      console.log(
        `${name}: performance ${median((s) => s.performance)} (runs ${runs.map((s) => s.performance).join(', ')}), ` +
          `accessibility ${median((s) => s.accessibility)}, FCP ${(median((s) => s.fcp) / 1000).toFixed(1)} s, ` +
          `LCP ${(median((s) => s.lcp) / 1000).toFixed(1)} s, TBT ${Math.round(median((s) => s.tbt))} ms, CLS ${median((s) => s.cls).toFixed(3)}`,
      );
    }
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
