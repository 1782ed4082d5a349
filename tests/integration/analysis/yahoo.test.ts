import { readFileSync } from 'node:fs';
import path from 'node:path';
import { waitFor } from '@stockai/platform/src/testing';
import { damodaranIndustry } from '../../../services/analysis/src/report/valuation/industry-map';
import { parseCsv } from '../../../services/analysis/src/universe/csv';
import { expectedStats, fixtureCloses, fixtureQuote, fixtureSeries } from '../../support/yahoo-fixtures';
import { startYahooStandIn, type YahooStandIn } from '../../support/yahoo-stand-in';
import { type AnalysisStack, apiClient, type ExtraAnalysisApi, registerUser, startAnalysisStack } from './analysis-stack';

jest.setTimeout(180_000);

const DATA = path.join(__dirname, '..', '..', '..', 'services', 'analysis', 'data');
const csv = (file: string) => parseCsv(readFileSync(path.join(DATA, file), 'utf8'));
const industries = new Map(csv('valuation/damodaran-industries.csv').map((r) => [`${r.region}|${r.industry}`, r]));
const countries = new Map(csv('valuation/country-risk.csv').map((r) => [r.country, r]));
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round4 = (v: number) => Number(v.toFixed(4));

/** Ten years of free cash flow (five at g0, five fading to 2.5 %) and a Gordon terminal value, discounted at r (ADR 0017). */
function enterpriseValue(fcf: number, g0: number, r: number): number {
  let flow = fcf;
  let pv = 0;
  for (let t = 1; t <= 10; t++) {
    flow *= 1 + (t <= 5 ? g0 : g0 - ((g0 - 0.025) * (t - 5)) / 5);
    pv += flow / (1 + r) ** t;
  }
  return pv + (flow * 1.025) / (r - 0.025) / (1 + r) ** 10;
}

/**
 * `MARKET_DATA=yahoo` end to end: an analysis API on the real PostgreSQL, RabbitMQ and Redis
 * whose market data is yahoo-finance2 talking to the loopback Yahoo stand-in. The report's
 * free-cash-flow DCF, discount rate and chart are recomputed here from what the stand-in
 * serves (its statements, quote and daily prices) with the formulas of ADR 0017 written out.
 */
describe('analysis on Yahoo market data', () => {
  let stack: AnalysisStack;
  let yahoo: YahooStandIn;
  let extra: ExtraAnalysisApi;

  beforeAll(async () => {
    stack = await startAnalysisStack({ inProcessWorkers: 0 });
    yahoo = await startYahooStandIn();
    extra = await stack.startAnalysisApi({ workers: 1, marketData: 'yahoo', yahooBaseUrl: yahoo.url });
  });

  afterAll(async () => {
    await extra?.close();
    await yahoo?.close();
    await stack?.close();
  });

  async function analyse(symbol: string) {
    const { token } = await registerUser(stack.gatewayUrl);
    const api = apiClient(extra.url);
    const started = await api('POST', `/api/analysis/analyze/${symbol}`, { token, body: {} });
    expect(started.status).toBe(202);
    return waitFor(
      'the analysis to finish',
      async () => {
        const a = (await api('GET', `/api/analysis/${started.body.analysisId}`, { token })).body;
        return a.status !== 'processing' && a;
      },
      90_000,
    );
  }

  it.each([
    { symbol: 'AAPL', index: '^GSPC', fx: 1, region: 'US', country: 'US', tax: 0.25 },
    { symbol: '0700.HK', index: '^HSI', fx: null, region: 'EM', country: 'CN', tax: 0.25 },
  ])('values $symbol from the stand-in’s statements and prices', async ({ symbol, index, fx, region, country, tax }) => {
    const analysis = await analyse(symbol);
    expect(analysis).toMatchObject({ status: 'completed' });
    const results = analysis.results;
    expect(results.dataSource).toBe('yahoo');

    // Inputs as the stand-in serves them: every fiscal year, converted at Yahoo's rate.
    const rate = fx ?? (fixtureQuote('CNYHKD=X').regularMarketPrice as number);
    const quote = fixtureQuote(symbol);
    const fcfSeries = fixtureSeries(symbol, 'FreeCashFlow');
    const ends = Object.keys(fcfSeries).sort();
    const latest = ends.at(-1)!;
    // The base year: the median free-cash-flow margin of the years × the latest revenue (normalised), converted.
    const revenueSeries = fixtureSeries(symbol, 'TotalRevenue');
    const margins = ends.map((d) => fcfSeries[d]! / revenueSeries[d]!).sort((a, b) => a - b);
    const medianMargin = (margins[Math.floor((margins.length - 1) / 2)]! + margins[Math.ceil((margins.length - 1) / 2)]!) / 2;
    const fcf = medianMargin * revenueSeries[latest]! * rate;
    const netDebt = (fixtureSeries(symbol, 'TotalDebt')[latest]! - fixtureSeries(symbol, 'CashAndCashEquivalents')[latest]!) * rate;
    const debt = fixtureSeries(symbol, 'TotalDebt')[latest]! * rate;
    const shares = quote.sharesOutstanding as number;
    const marketCap = quote.marketCap as number;

    // β from the daily prices against the index, Blume-adjusted; CAPM with the country premium; WACC with the company's debt weight.
    const stats = expectedStats(symbol, index);
    expect(stats.se).toBeLessThanOrEqual(0.35);
    const beta = clamp(round4(0.67 * stats.beta + 0.33), 0.4, 2.2);
    const premium = Number(countries.get(country)?.country_risk_premium ?? 0);
    const costOfEquity = clamp(0.0458 + beta * (0.0433 + premium), 0.055, 0.18);
    const industry = industries.get(`${region}|${damodaranIndustry(results.basic.industry)}`)!;
    const debtWeight = debt / (debt + marketCap);
    const wacc = round4(Math.max((1 - debtWeight) * costOfEquity + debtWeight * Number(industry.cost_of_debt) * (1 - tax), 0.055));
    expect(results.valuation.discountRate.beta).toBeCloseTo(beta, 4);
    expect(results.valuation.discountRate.betaSource).toContain(`以 ${stats.from} 至 ${stats.to} 每日回報對`);
    expect(results.valuation.discountRate.betaSource).toContain(index);
    expect(results.valuation.discountRate.wacc).toBeCloseTo(wacc, 4);

    // First-year growth: revenue's compound yearly growth over the fiscal years, capped by the US industry's expected growth.
    const years = Math.round((Date.parse(latest) - Date.parse(ends[0]!)) / (365.25 * 86_400_000));
    const history = (revenueSeries[latest]! / revenueSeries[ends[0]!]!) ** (1 / years) - 1;
    const cap = region === 'US' && industry.expected_growth ? Math.max(Number(industry.expected_growth), 0) : null;
    const g0 = clamp(cap !== null && cap < history ? cap : history, 0, 0.15);

    const dcf = results.valuation.models.find((m: { id: string }) => m.id === 'dcf');
    expect(dcf).toMatchObject({ skipped: false, name: '現金流折現（DCF）：自由現金流' });
    expect(dcf.inputs).toMatchObject({
      baseAmount: expect.closeTo(fcf, -3),
      latestFreeCashFlow: expect.closeTo(fcfSeries[latest]! * rate, -3),
      netDebt: expect.closeTo(netDebt, -3),
      fiscalYearEnd: latest,
    });
    expect(dcf.inputs.normalisedFcfMargin).toBeCloseTo(medianMargin, 4);
    expect(dcf.inputs.baseMethod).toContain(`${ends[0]} 至 ${latest} 共 ${ends.length} 個財政年度自由現金流率`);
    expect(dcf.inputs.firstYearGrowth).toBeCloseTo(g0, 4);
    // Capped or not, the explanation names the years the revenue growth was read from.
    expect(dcf.inputs.growthSource).toContain(`營業額由截至 ${ends[0]} 至截至 ${latest}`);
    if (cap !== null && cap < history) expect(dcf.inputs.growthSource).toMatch(/^行業預期增長上限/);
    expect(dcf.value).toBeCloseTo((enterpriseValue(fcf, g0, wacc) - netDebt) / shares, 1);

    // The chart: the stand-in's daily closes resampled to the last close of each week, window named.
    const closes = fixtureCloses(symbol);
    const lastDay = [...closes.keys()].sort().at(-1)!;
    expect(results.charts.priceHistory).toMatchObject({
      to: lastDay,
      source: expect.stringContaining(`由 Yahoo Finance 的 ${symbol} 每日股價重新取樣`),
    });
    expect(results.charts.priceHistory.points.at(-1)).toEqual({ date: lastDay, close: closes.get(lastDay) });
    // Each figure's period and date, in the notes the report carries.
    expect(results.notes.join('\n')).toContain(`均取自截至 ${latest} 的財政年度年報`);
    expect(results.explain.find((e: { figure: string }) => e.figure === 'valuation.models.dcf').inputs.fiscalYearEnd).toBe(latest);
  });

  it('keeps the statements in Redis for a day, so the next analysis does not ask Yahoo for them again', async () => {
    const ttl = await extra.cache.ttl('market-data:yahoo:v1:statements:AAPL');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(24 * 3600);
    expect(await extra.cache.ttl('market-data:yahoo:v1:daily:^GSPC')).toBeLessThanOrEqual(12 * 3600);
  });
});
