import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from '@stockai/platform/src/testing';
import type { AnalysisResults } from '@stockai/contracts';
import { formatDate } from '../src/lib/format-date';
import { APP_START_TIMEOUT_MS, startWebApp, type WebApp } from './web-app';
import { eventually, expectText, expectTextContaining } from './eventually';

/**
 * The report's price chart where the history ends long before the price (issue 27, item 6):
 * the bundled S&P 500 closes end 2024-06, the bundled price is of 2026-08. The chart shows the
 * history, a visible break, and the latest price as its own marked point at its own date,
 * never a line across the missing years; caption and text alternative give both dates.
 * Screenshots at 1280 and 375 px go to E2E_SCREENSHOTS (default: the system's temp directory).
 * Also the peers' chart of the same report: their quartiles and extremes beside the median (ADR 0067).
 */
describe("the report's charts: the price across missing data, the peers' spread", () => {
  let web: WebApp;
  let token: string;
  let analysisId: string;
  /** The history's last date and the price's, as the report gives them. */
  let historyEnd: string;
  let priceDate: string;
  /** The report's first peer comparison with a spread (ADR 0067). */
  let comparison: NonNullable<AnalysisResults['charts']>['peerMultiples'][number] | undefined;
  const screenshots = process.env.E2E_SCREENSHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'price-chart-'));

  beforeAll(async () => {
    web = await startWebApp();
    const res = await fetch(web.url('/api/auth/register'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `chart-${Date.now()}@example.com`, password: 'chart-pass-1', firstName: '嘉欣', lastName: '黃' }),
    });
    token = ((await res.json()) as { token: string }).token;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    await waitFor('the credit account', async () => (await fetch(web.url('/api/users/credits'), { headers })).status === 200, 20_000);
    const start = await fetch(web.url('/api/analysis/analyze/AAPL'), { method: 'POST', headers, body: '{}' });
    analysisId = ((await start.json()) as { analysisId: string }).analysisId;
    let results = undefined as AnalysisResults | undefined;
    await waitFor(
      'the analysis to complete',
      async () => {
        const answer = await fetch(web.url(`/api/analysis/${analysisId}`), { headers });
        results = ((await answer.json()) as { status?: string; results?: AnalysisResults }).results;
        return results !== undefined;
      },
      60_000,
    );
    const charts = results?.charts;
    comparison = charts?.peerMultiples.find((c) => c.spread);
    historyEnd = charts?.priceHistory?.to ?? '';
    priceDate = charts?.price?.asOf ?? '';
    // The case this test is about: the bundled history ends years before the bundled price.
    expect(Date.parse(priceDate) - Date.parse(historyEnd)).toBeGreaterThan(365 * 86_400_000);
  }, APP_START_TIMEOUT_MS);

  afterAll(async () => {
    await web?.close();
  });

  test("the peers' chart shows their spread beside the median", async () => {
    expect(comparison?.spread).toBeDefined();
    const context = await web.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript((value: string) => localStorage.setItem('authToken', value), token);
    const page = await context.newPage();
    try {
      await page.goto(web.url(`/?analysis=${analysisId}`));
      const chart = page.getByRole('figure', { name: `${comparison!.label}：與同業比較` });
      const spread = chart.getByTestId('peer-spread');
      await spread.waitFor();
      // As the report's numbers are written (web/src/features/analysis/utils/format.ts).
      const one = (v: number) => new Intl.NumberFormat('zh-Hant', { maximumFractionDigits: 1 }).format(v);
      const { low, high, min, max } = comparison!.spread!;
      await expectTextContaining(spread, `同業四分位 ${one(low)}–${one(high)}，最低 ${one(min)}、最高 ${one(max)}。`);
    } finally {
      await context.close();
    }
  }, 60_000);

  test.each([
    [1280, 800],
    [375, 812],
  ])(
    'at %i px: history, a break, and the latest price apart with its date',
    async (width, height) => {
      const context = await web.browser.newContext({ viewport: { width, height } });
      await context.addInitScript((value: string) => localStorage.setItem('authToken', value), token);
      const page = await context.newPage();
      try {
        await page.goto(web.url(`/?analysis=${analysisId}`));
        const chart = page.getByRole('figure', { name: '股價走勢、52 週範圍及合理價值' });
        const gap = chart.getByTestId('price-gap');
        await gap.waitFor();
        await chart.scrollIntoViewIfNeeded();

        // The history's line ends left of the break; the price's point stands right of it. The chart
        // is drawn again when its box is measured (and when the report below it grows a scroll bar),
        // so the shapes are read in one go, and again until one drawing shows them all.
        const drawing = () =>
          chart.evaluate((figure) => {
            const box = (selector: string) => figure.querySelector(selector)?.getBoundingClientRect().toJSON() as DOMRect | undefined;
            return {
              line: box('.chart__line'),
              gap: box('.chart__gap-band'),
              point: box('[data-testid="price-point"]'),
              lines: figure.querySelectorAll('path.chart__line').length,
              d: figure.querySelector('.chart__line')?.getAttribute('d') ?? '',
              band: Number(figure.querySelector('.chart__gap-band')?.getAttribute('x')),
            };
          });
        await eventually(drawing, ({ line, gap: band, point, lines, d, band: bandX }) => {
          expect(line && band && point).toBeDefined();
          expect(line!.x + line!.width).toBeLessThanOrEqual(band!.x + 1);
          expect(point!.x).toBeGreaterThanOrEqual(band!.x + band!.width - 1);
          expect(point!.x + point!.width).toBeLessThanOrEqual(width);
          // One path only, for the history: nothing is drawn from its end to the price.
          expect(lines).toBe(1);
          const lastX = Number(/(-?[\d.]+),(-?[\d.]+)\s*$/.exec(d.replace(/[A-Za-z]/g, ' ').trim())?.[1]);
          expect(lastX).toBeLessThanOrEqual(bandX);
        });

        // The dates in the caption, the point's label and the text alternative.
        const [end, latest] = [formatDate(historyEnd), formatDate(priceDate)];
        await expectTextContaining(
          chart.getByTestId('price-gap-caption'),
          `${end} 至 ${latest} 之間沒有股價數據（時間軸斷開）；右方圓點為 ${latest} 的最新股價`,
        );
        await expectText(chart.getByTestId('price-point-date'), latest);
        await eventually(
          () => chart.evaluate((figure) => document.getElementById(figure.getAttribute('aria-describedby') ?? '')?.textContent ?? ''),
          (summary) => {
            expect(summary).toContain(`股價走勢只到 ${end}；${end} 至 ${latest} 之間沒有股價數據`);
            expect(summary).toContain(`最新股價`);
          },
        );

        await chart.screenshot({ path: path.join(screenshots, `price-chart-${width}.png`) });
      } finally {
        await context.close();
      }
    },
    60_000,
  );
});
