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
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startAllInOne } from '../deploy/all-in-one';
import { freePort } from '../tests/support/gateway';
import { CHROMIUM_PATH } from '../web/e2e/browser';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

interface Scores {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** How many elements the page had: shows which screen was measured (a report has ~1,300). */
  domElements: number;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockai-lighthouse-'));
  const app = await startAllInOne({ port: 0, dataDir, logLevel: 'warn' });
  const debuggingPort = await freePort();
  // Playwright starts Chromium (with the switches the e2e tests use) and holds it open on a
  // debugging port that Lighthouse drives. A persistent context is the browser's default one,
  // the one Lighthouse's tab opens in, so the token stored here signs that tab in too; with
  // launch() + newContext() the token stayed in a separate context and the "report" run
  // measured a signed-out landing page.
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockai-lighthouse-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
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
    // The report is measured finished: a running analysis keeps its event stream open.
    for (let state = await api('GET', `/api/analysis/${analysisId}`, token); state.status !== 'completed';) {
      if (state.status === 'failed' || state.status === 'error') throw new Error(`the analysis failed: ${JSON.stringify(state)}`);
      await new Promise((r) => setTimeout(r, 200));
      state = await api('GET', `/api/analysis/${analysisId}`, token);
    }
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(app.url);
    await page.evaluate(
      (value) =>
        (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem('authToken', value),
      token,
    );
    // Signed in: the report link shows the report itself, as Lighthouse's tab will see it.
    await page.goto(`${app.url}/?analysis=${analysisId}`);
    await page.locator('.analysis-report').first().waitFor({ timeout: 60_000 });
    await page.goto('about:blank');

    const { default: lighthouse } = await import('lighthouse');
    const cdp = await context.newCDPSession(page);
    const measure = async (url: string, name: string): Promise<Scores> => {
      // Storage is kept for the token (disableStorageReset), which keeps the HTTP cache too:
      // emptied here, so that every run is a first visit's download.
      await cdp.send('Network.clearBrowserCache');
      const result = await lighthouse(url, {
        port: debuggingPort,
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
        logLevel: 'error',
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      // LIGHTHOUSE_REPORTS=<dir> keeps each run's full report (open it in Lighthouse's viewer).
      const keep = process.env.LIGHTHOUSE_REPORTS;
      if (keep) fs.mkdirSync(keep, { recursive: true });
      if (keep) fs.writeFileSync(path.join(keep, `${name}-${Date.now()}.json`), JSON.stringify(result.lhr));
      const { categories, audits } = result.lhr;
      // A run that could not measure says why, instead of printing NaN as a figure.
      const failure = result.lhr.runtimeError?.message ?? audits['largest-contentful-paint']?.errorMessage;
      if (failure) throw new Error(`Lighthouse could not measure ${url}: ${failure}`);
      return {
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
        lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbt: audits['total-blocking-time']?.numericValue ?? NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
        domElements: audits['dom-size']?.numericValue ?? NaN,
      };
    };

    const pages = { landing: `${app.url}/`, report: `${app.url}/?analysis=${analysisId}` };
    for (const [name, url] of Object.entries(pages)) {
      const runs: Scores[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(url, name));
      const median = (pick: (s: Scores) => number) => runs.map(pick).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
      console.log(
        `${name}: performance ${median((s) => s.performance)} (runs ${runs.map((s) => s.performance).join(', ')}), ` +
          `accessibility ${median((s) => s.accessibility)}, FCP ${(median((s) => s.fcp) / 1000).toFixed(1)} s, ` +
          `LCP ${(median((s) => s.lcp) / 1000).toFixed(1)} s, TBT ${Math.round(median((s) => s.tbt))} ms, CLS ${median((s) => s.cls).toFixed(3)}, ` +
          `${median((s) => s.domElements)} elements`,
      );
    }
  } finally {
    await context.close();
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
