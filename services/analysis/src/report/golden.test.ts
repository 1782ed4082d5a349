import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createLogger, migrate, PLATFORM_MIGRATIONS_DIR, type Database } from '@stockai/platform';
import { createTestDatabase } from '@stockai/platform/src/testing';
import { builtInAnalyst } from '../analyst';
import { hasCoreFigures } from '../market-data/core-figures';
import { toMarketData } from '../market-data/snapshot';
import type { MarketData } from '../market-data/types';
import { parseCsv } from '../universe/csv';
import { loadUniverse } from '../universe/loader';
import { createUniverse, NO_DATA_REASON, type Universe } from '../universe/service';
import { adviseInvestors, assessBusiness, basicInfo, mergeReport, valuationModels } from './index';
import { RECOMMENDATION_TEXT } from './labels';
import type { AnalysisResults, PeerMultipleId, ValuationModel } from './types';
import { damodaranIndustry } from './valuation/industry-map';

/**
 * Golden reports: fifteen bundled stocks of every kind the engine tells apart, valued as of
 * one fixed day. Each model's value is recomputed here from the bundled inputs with the
 * formulas of ADRs 0017, 0055 and 0067 written out independently (the engine's code is not called for them),
 * then the blend, the range, the call, the risk and the prose are checked against the report.
 */
const NOW = new Date('2026-11-25T09:00:00Z');
const DATA = path.join(__dirname, '..', '..', 'data');
const csv = (file: string) => parseCsv(readFileSync(path.join(DATA, file), 'utf8'));
const stats = new Map(csv('prices/price-stats.csv').map((r) => [r.symbol, r]));
const industries = new Map(csv('valuation/damodaran-industries.csv').map((r) => [`${r.region}|${r.industry}`, r]));
const countries = new Map(csv('valuation/country-risk.csv').map((r) => [r.country, r]));
const logger = createLogger('analysis-test', 'silent');

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** CAPM: 4.58 % + β × (4.33 % + country premium), β Blume-adjusted from the price history, else quoted, else the industry's. */
/** The β inputs: the provider's own history (the bundled HK bars, Yahoo) before the bundled price-stats table. */
function betaInputs(data: MarketData): Record<string, string> | undefined {
  const own = data.priceHistory?.stats;
  return own ? { beta_raw: String(own.betaRaw), beta_se: String(own.betaSe), volatility: String(own.volatility) } : stats.get(data.symbol);
}

function costOfEquity(data: MarketData): number {
  const s = betaInputs(data);
  const industry = industries.get(`${data.market === 'US' ? 'US' : 'EM'}|${damodaranIndustry(data.industry)}`);
  const raw = s && Number(s.beta_se) <= 0.35 ? Number(s.beta_raw) : (data.beta ?? (industry ? Number(industry.beta) : 1));
  const beta = clamp(Number((0.67 * raw + 0.33).toFixed(4)), 0.4, 2.2);
  const country = data.market === 'US' ? 'US' : data.reportingCurrency === 'CNY' ? 'CN' : 'HK';
  const premium = Number(countries.get(country)?.country_risk_premium ?? 0);
  return Number(clamp(0.0458 + beta * (0.0433 + premium), 0.055, 0.18).toFixed(4));
}

function roeOf(data: MarketData): number | null {
  const equity =
    data.bookValuePerShare !== null && data.sharesOutstanding !== null ? data.bookValuePerShare * data.sharesOutstanding : null;
  if (equity !== null && equity > 0 && data.netIncome !== null) return data.netIncome / equity;
  return data.bookValuePerShare && data.bookValuePerShare > 0 && data.eps !== null ? data.eps / data.bookValuePerShare : null;
}

function sustainable(data: MarketData): number | null {
  const roe = roeOf(data);
  const payout = data.eps !== null && data.eps > 0 ? (data.dividendPerShare ?? 0) / data.eps : null;
  return roe !== null && payout !== null && payout <= 1 ? roe * (1 - payout) : null;
}

/** Ten years (five at g0, five fading to 2.5 %) of a base, each year keeping 1 − g ÷ ROE (earnings) or all of it (cash flow). */
function discounted(base: number, g0: number, r: number, keep: (g: number) => number): number {
  let flow = base;
  let pv = 0;
  for (let t = 1; t <= 10; t++) {
    const g = t <= 5 ? g0 : g0 - ((g0 - 0.025) * (t - 5)) / 5;
    flow *= 1 + g;
    pv += (flow * keep(g)) / (1 + r) ** t;
  }
  return pv + (flow * 1.025 * keep(0.025)) / (r - 0.025) / (1 + r) ** 10;
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const at = (s.length - 1) / 2;
  return ((s[Math.floor(at)] as number) + (s[Math.ceil(at)] as number)) / 2;
};

/** Each model's value recomputed from the bundled inputs (the relative models from the peers they name, checked against the bundle). */
function recompute(m: ValuationModel, data: MarketData, peerPe: Map<string, number | null>): number | null {
  const r = costOfEquity(data);
  if (m.id === 'graham') return Math.sqrt(22.5 * (data.eps as number) * (data.bookValuePerShare as number));
  if (m.id === 'dividend_discount') {
    const g = clamp(sustainable(data) ?? 0.025, 0, 0.04);
    return ((data.dividendPerShare as number) * (1 + g)) / (r - g);
  }
  if (m.id === 'residual_income') {
    const g = clamp(sustainable(data) ?? 0, 0, 0.03);
    return ((data.bookValuePerShare as number) * ((roeOf(data) as number) - g)) / (r - g);
  }
  if (m.id === 'dcf') {
    const us = data.market === 'US' ? industries.get(`US|${damodaranIndustry(data.industry)}`) : undefined;
    // Several fiscal years (the compiled HK statements, ADR 0055): revenue's compound growth, and a normal year's cash flow.
    const years = data.freeCashFlow !== null && data.fiscalYears?.length ? data.fiscalYears : null;
    const withRevenue = (years ?? []).filter((y) => y.revenue !== null);
    const [first, last] = [withRevenue[0], withRevenue.at(-1)];
    const span = first && last ? Math.round((Date.parse(last.end) - Date.parse(first.end)) / (365.25 * 86_400_000)) : 0;
    const cagr = span >= 2 && first!.revenue! > 0 && last!.revenue! > 0 ? (last!.revenue! / first!.revenue!) ** (1 / span) - 1 : null;
    const latest = years?.at(-1);
    const margins = (years ?? [])
      .filter((y) => y.revenue !== null && y.revenue > 0 && y.freeCashFlow !== null)
      .map((y) => y.freeCashFlow! / y.revenue!);
    const normal = latest && latest.revenue !== null && latest.revenue > 0 && margins.length >= 3 ? median(margins) * latest.revenue : null;
    const own = cagr ?? sustainable(data) ?? 0.05;
    const cap = us?.expected_growth ? Math.max(Number(us.expected_growth), 0) : null;
    const g0 = clamp(cap !== null && cap < own ? cap : own, 0, 0.15);
    expect(m.inputs.firstYearGrowth).toBeCloseTo(g0, 4);
    if (data.freeCashFlow !== null) {
      const rate = m.inputs.discountRate as number; // the WACC, checked against its parts in the cost-of-capital test
      // a blank debt or cash is not zero: no net-debt adjustment then
      const netDebt = data.totalDebt !== null && data.cash !== null ? data.totalDebt - data.cash : 0;
      return (discounted(normal ?? data.freeCashFlow, g0, rate, () => 1) - netDebt) / (data.sharesOutstanding as number);
    }
    const roe = roeOf(data);
    const reinvest = roe !== null && roe > 0.025 ? roe : r;
    const base = data.netIncome ?? (data.eps as number) * (data.sharesOutstanding as number);
    return discounted(base, g0, r, (g) => clamp(1 - g / reinvest, 0, 1)) / (data.sharesOutstanding as number);
  }
  const netDebt = data.totalDebt !== null && data.cash !== null ? data.totalDebt - data.cash : null;
  if (m.id === 'relative') {
    const parts = (m.peers ?? []).map((cmp) => {
      // every named peer's multiple is its bundled one, within the outlier rule (ADR 0067), at least five behind a blended model
      if (cmp.multiple === 'pe') for (const p of cmp.peers) expect(p.value).toBeCloseTo(peerPe.get(p.symbol) as number, 2);
      for (const p of cmp.peers) expect(p.value > 0 && p.value <= CAPS[cmp.multiple]).toBe(true);
      expect(cmp.peers.length).toBeGreaterThanOrEqual(m.role === 'check' ? 3 : 5);
      const mid = median(cmp.peers.map((p) => p.value));
      if (cmp.multiple === 'pe') return mid * (data.eps as number);
      if (cmp.multiple === 'pb') return mid * (data.bookValuePerShare as number);
      return (mid * (data.ebitda as number) - (netDebt as number)) / (data.sharesOutstanding as number);
    });
    return parts.reduce((s, v) => s + v, 0) / parts.length;
  }
  if (m.id === 'ev_sales') {
    const cmp = m.peers?.[0];
    if (!cmp) return null;
    const enterprise = median(cmp.peers.map((p) => p.value)) * (data.revenue as number);
    // debt and cash known: EV/Sales, less net debt; else price/sales
    return (enterprise - (netDebt ?? 0)) / (data.sharesOutstanding as number);
  }
  return null;
}

/** The outlier rule's caps (ADR 0067), written out. */
const CAPS: Record<PeerMultipleId, number> = { pe: 100, pb: 20, ev_ebitda: 50, ev_sales: 30 };

/** The revenue's compound yearly growth over the fiscal years, or null (fewer than two years apart, a non-positive end). */
function revenueCagr(data: MarketData): number | null {
  const withRevenue = (data.fiscalYears ?? []).filter((y) => y.revenue !== null);
  const [first, last] = [withRevenue[0], withRevenue.at(-1)];
  if (!first || !last) return null;
  const span = Math.round((Date.parse(last.end) - Date.parse(first.end)) / (365.25 * 86_400_000));
  return span >= 2 && first.revenue! > 0 && last.revenue! > 0 ? (last.revenue! / first.revenue!) ** (1 / span) - 1 : null;
}

/** The reverse DCF's implied yearly revenue growth: the US industry's net margin when positive, else 8 %; ten years, g∞ 2.5 %. */
function impliedGrowth(data: MarketData, r: number): number {
  const industryMargin = data.market === 'US' ? Number(industries.get(`US|${damodaranIndustry(data.industry)}`)?.net_margin) : NaN;
  const margin = industryMargin > 0 ? industryMargin : 0.08;
  const factor = ((data.marketCap as number) * (1 + r) ** 10 * (r - 0.025)) / ((data.revenue as number) * margin * 1.025);
  return factor ** (1 / 10) - 1;
}

interface Golden {
  symbol: string;
  kind: 'bank' | 'insurer' | 'loss_maker' | 'general';
  blended: ValuationModel['id'][];
  /** The reporting and the trading currency, where they differ (figures converted at the dated rate before valuing). */
  currencies?: [string, string];
  /** Expected when the price is older than PRICE_STALE_DAYS (none: the HK prices are the daily closes to 2026-10-09). */
  stale?: boolean;
}

const GOLDEN: Golden[] = [
  { symbol: 'AAPL', kind: 'general', blended: ['dcf', 'relative'] }, // technology
  { symbol: 'MSFT', kind: 'general', blended: ['dcf', 'relative'] },
  { symbol: 'JPM', kind: 'bank', blended: ['residual_income', 'relative'] }, // ROE × retention 13 %: no steady-payer DDM
  { symbol: 'PGR', kind: 'insurer', blended: ['residual_income', 'relative'] },
  { symbol: 'DUK', kind: 'general', blended: ['dcf', 'relative', 'dividend_discount'] }, // utility
  { symbol: 'KO', kind: 'general', blended: ['dcf', 'relative'] },
  { symbol: 'INTC', kind: 'loss_maker', blended: ['ev_sales'] },
  { symbol: 'MMM', kind: 'general', blended: ['dcf', 'relative'] }, // conglomerate: fewer than five conglomerates, so industrials peers
  { symbol: '0005.HK', kind: 'bank', blended: ['residual_income'] }, // payout above 90 %: no DDM; four HK bank peers: P/E and P/B as a reference only
  { symbol: '1299.HK', kind: 'insurer', blended: ['residual_income', 'relative'] }, // five HK insurer P/E peers (four outside the index, priced on their page's date)
  { symbol: '0941.HK', kind: 'general', blended: ['dcf', 'relative', 'dividend_discount'] }, // red chip; five HK telecom peers with a P/E (three outside the index, priced on their page's date)
  { symbol: '0700.HK', kind: 'general', blended: ['dcf', 'relative'] }, // several fiscal years: normalised free cash flow, revenue growth; sector peers
  { symbol: '3968.HK', kind: 'bank', blended: ['residual_income'], currencies: ['CNY', 'HKD'] }, // a mainland bank reporting in CNY: residual income, four HK bank peers as a reference
  { symbol: '1211.HK', kind: 'general', blended: ['dcf', 'relative'], currencies: ['CNY', 'HKD'] }, // reports in CNY, priced in HKD
  { symbol: '0066.HK', kind: 'loss_maker', blended: ['ev_sales'] }, // negative free cash flow: EV/Sales, the reverse DCF against its own revenue growth
];

describe('golden reports', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let universe: Universe;
  const reports = new Map<string, { data: MarketData; report: AnalysisResults }>();
  const peerPe = new Map<string, number | null>();

  beforeAll(async () => {
    ({ db, drop } = await createTestDatabase());
    await migrate(db, PLATFORM_MIGRATIONS_DIR);
    await migrate(db, path.join(__dirname, '..', '..', 'migrations'));
    await loadUniverse(db);
    universe = createUniverse(db, { logger });
    const { rows } = await db.query<{ symbol: string; pe_ratio: number | null }>('SELECT symbol, pe_ratio FROM stock_fundamentals');
    for (const r of rows) peerPe.set(r.symbol, r.pe_ratio);
    const analyst = builtInAnalyst();
    const ctx = { analysisId: '00000000-0000-4000-8000-000000000009', userId: '00000000-0000-4000-8000-000000000008', symbol: '' };
    for (const { symbol } of GOLDEN) {
      const stock = await universe.find(symbol);
      const data = toMarketData(stock!, await universe.fundamentals(symbol));
      const medians = await universe.sectorMedians({ market: stock!.market, sector: stock!.sector!, symbol });
      const input = { data, medians, investorType: 'stable' as const };
      const valuation = valuationModels(input, { now: NOW });
      const business = await assessBusiness(input, valuation, analyst, { ...ctx, symbol }, NOW);
      const suggestions = adviseInvestors(input, valuation, business);
      const report = await mergeReport(
        input,
        { basic: basicInfo(data, NOW), valuation, business, suggestions },
        analyst,
        { ...ctx, symbol },
        NOW,
      );
      reports.set(symbol, { data, report });
    }
  }, 120_000);

  afterAll(async () => {
    await drop?.();
  });

  describe.each(GOLDEN)('$symbol', ({ symbol, kind, blended, stale, currencies }) => {
    const get = () => reports.get(symbol)!;

    if (currencies)
      it(`reports in ${currencies[0]} and is priced and valued in ${currencies[1]}, at the mainland's country premium`, () => {
        const { data, report } = get();
        expect([data.reportingCurrency, data.currency]).toEqual(currencies);
        expect(report.valuation.currency).toBe(currencies[1]);
        expect(report.valuation.discountRate?.countryRiskPremium).toBeCloseTo(Number(countries.get('CN')?.country_risk_premium), 4);
      });

    it(`is valued as a ${kind} by ${blended.join(', ')}`, () => {
      const { report } = get();
      expect(report.valuation.companyKind).toBe(kind);
      expect(report.valuation.models.filter((m) => m.weight > 0).map((m) => m.id)).toEqual(blended);
      if (kind === 'bank' || kind === 'insurer')
        expect(report.valuation.models.some((m) => m.id === 'dcf' || m.id === 'ev_sales')).toBe(false);
      if (kind === 'loss_maker') {
        const reverse = report.valuation.models.find((m) => m.id === 'reverse_dcf')!;
        const { data } = get();
        expect(reverse.skipped).toBe(false);
        expect(reverse.inputs.impliedRevenueGrowth).toBeCloseTo(impliedGrowth(data, costOfEquity(data)), 3);
        const own = revenueCagr(data);
        if (own === null) expect(reverse.inputs.referenceGrowth).toBeNull();
        else expect(reverse.inputs.referenceGrowth).toBeCloseTo(own, 3);
      }
    });

    it('has each model at the value its formula gives on the bundled inputs, and the blend at their weighted mean', () => {
      const { report, data } = get();
      expect(report.valuation.discountRate?.costOfEquity).toBeCloseTo(costOfEquity(data), 4);
      for (const m of report.valuation.models.filter((x) => !x.skipped && x.value !== null)) {
        // within 0.5 %: the report shows peers' multiples to two decimals
        const expected = recompute(m, data, peerPe) as number;
        expect({ id: m.id, off: (m.value as number) / expected - 1 }).toEqual({ id: m.id, off: expect.closeTo(0, 2) });
      }
      const used = report.valuation.models.filter((m) => m.weight > 0);
      const weights = used.reduce((s, m) => s + m.weight, 0);
      const fair = used.reduce((s, m) => s + (m.value as number) * m.weight, 0) / weights;
      expect(report.valuation.fairValue).toBeCloseTo(fair, 1);
      const low = used.reduce((s, m) => s + (m.range?.low as number) * m.weight, 0) / weights;
      const high = used.reduce((s, m) => s + (m.range?.high as number) * m.weight, 0) / weights;
      expect(report.valuation.range).toEqual({
        low: expect.closeTo(low, 1),
        base: report.valuation.fairValue,
        high: expect.closeTo(high, 1),
      });
    });

    it('makes the call its rules give: unrated when stale or out of bounds, else by the margin of safety of its uncertainty', () => {
      const { report, data } = get();
      const v = report.valuation;
      const price = data.price as number;
      const factor = (v.fairValue as number) / price;
      const ageDays = Math.floor((Date.UTC(2026, 10, 25) - Date.parse(`${data.asOf}T00:00:00Z`)) / 86_400_000);
      expect(ageDays > 180).toBe(Boolean(stale));
      const values = v.models.filter((m) => m.weight > 0).map((m) => m.value as number);
      const dispersion = Math.max(...values) / Math.min(...values);
      if (stale || factor > 3 || factor < 1 / 3 || dispersion > 3) {
        expect(v.recommendation).toBe('unrated');
        expect(v.recommendationNote).toMatch(/不予評級/);
      } else {
        const buy = { low: 10, medium: 15, high: 25, very_high: 35 }[v.uncertainty!];
        const strong = { low: 25, medium: 35, high: 50, very_high: Infinity }[v.uncertainty!];
        const strengthAt = (upside: number) =>
          upside >= buy
            ? upside >= strong && kind !== 'loss_maker'
              ? 2
              : 1
            : upside <= -buy
              ? upside <= -strong && kind !== 'loss_maker'
                ? -2
                : -1
              : 0;
        let strength = strengthAt((factor - 1) * 100);
        // models over 2× apart: no call stronger than each model's own (ADR 0067)
        const own = values.map((value) => strengthAt((value / price - 1) * 100));
        if (dispersion > 2) strength = strength > 0 ? Math.max(0, Math.min(strength, ...own)) : Math.min(0, Math.max(strength, ...own));
        // a loss-maker on revenue multiples alone: a buy only when the price implies no more growth than its own revenue's,
        // a sell only when it implies more (or over 25 %); else at most a hold
        const revenueOnly = v.models.filter((m) => m.weight > 0).every((m) => m.id === 'ev_sales');
        if (revenueOnly) {
          const implied = impliedGrowth(data, costOfEquity(data));
          const own = revenueCagr(data);
          const supports = implied > 0.25 ? 'sell' : own === null ? null : implied <= own ? 'buy' : 'sell';
          if (strength !== 0 && supports !== (strength > 0 ? 'buy' : 'sell')) strength = 0;
        }
        expect(v.recommendation).toBe(['strong_sell', 'sell', 'hold', 'buy', 'strong_buy'][strength + 2]);
      }
      if (ageDays > 7) expect(report.priceBanner).toContain(String(data.asOf));
    });

    it('rates the risk from its factors, never low by default', () => {
      const { report, data } = get();
      const v = report.valuation;
      const s = betaInputs(data);
      const volatility = v.riskAssessment?.find((f) => f.id === 'volatility');
      if (s)
        expect(volatility).toMatchObject({
          value: Number(Number(s.volatility).toFixed(3)),
          level: Number(s.volatility) < 0.25 ? 'low' : Number(s.volatility) < 0.4 ? 'medium' : 'high',
        });
      const points = { low: 0, medium: 1, high: 2 } as Record<string, number>;
      const known = (v.riskAssessment ?? []).filter((f) => f.level !== 'unknown');
      const mean = known.reduce((sum, f) => sum + (points[f.level] as number), 0) / known.length;
      const level = mean < 0.5 ? 'low' : mean < 1.25 ? 'medium' : 'high';
      const raised =
        level === 'low' && (v.riskAssessment ?? []).some((f) => (f.id === 'volatility' || f.id === 'earnings') && f.level === 'high');
      expect(v.riskLevel).toBe(raised ? 'medium' : level);
    });

    it("writes prose that quotes the report's own figures and its call", () => {
      const { report, data } = get();
      const v = report.valuation;
      expect(report.summary).toContain(`${data.currency} ${(data.price as number).toLocaleString('en-US')}`);
      expect(report.summary).toContain(`合理價值約 ${data.currency} ${(v.fairValue as number).toLocaleString('en-US')}`);
      if (v.recommendation === 'unrated') expect(report.summary).toContain(`報告不予評級：${v.recommendationNote}`);
      else expect(report.summary).toContain(`「${RECOMMENDATION_TEXT[v.recommendation]}」`);
      expect(report.summary).toContain(`風險等級${{ low: '低', medium: '中', high: '高', unknown: '未能評估' }[v.riskLevel]}`);
      const own = report.suggestions.byInvestorType[0]!;
      // A zero position is said as such, never "建議「持有」，持倉約佔 0%" (ADR 0054).
      if (own.positionSizePercent > 0) expect(report.summary).toContain(`持倉約佔投資組合 ${own.positionSizePercent}%`);
      else expect(report.summary).toContain(own.action === 'avoid' ? '此股「不建議持有」' : `建議「${own.actionText}」，不宜持有此股`);
      // the conservative investor is never told to buy beyond its risk budget
      const conservative = report.suggestions.byInvestorType.find((a) => a.investorType === 'conservative')!;
      if (v.riskLevel === 'high' || v.riskLevel === 'unknown' || v.uncertainty === 'high' || v.uncertainty === 'very_high')
        expect(conservative.action).not.toMatch(/buy/);
      // a type that should hold none of the stock (beyond its hold budget) is told avoid unless the call is a sell
      if (v.riskLevel === 'high' || v.riskLevel === 'unknown')
        expect(conservative).toMatchObject({
          positionSizePercent: 0,
          action: v.recommendation === 'sell' || v.recommendation === 'strong_sell' ? v.recommendation : 'avoid',
        });
      for (const advice of report.suggestions.byInvestorType)
        expect({ type: advice.investorType, zeroWithoutSell: advice.positionSizePercent === 0 && !/sell/.test(advice.action) }).toEqual({
          type: advice.investorType,
          zeroWithoutSell: advice.action === 'avoid',
        });
    });
  });

  it('gives a listed stock without figures no_data, so it is never charged', async () => {
    const status = await universe.statusOf('PFBC', { requireFigures: true });
    expect(status).toEqual({ symbol: 'PFBC', isActive: false, status: 'no_data', reason: NO_DATA_REASON });
    const data = toMarketData((await universe.find('PFBC'))!, await universe.fundamentals('PFBC'));
    expect(hasCoreFigures(data)).toBe(false);
  });
});
