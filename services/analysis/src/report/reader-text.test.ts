import { builtInAnalyst } from '../analyst';
import { toMarketData } from '../market-data/snapshot';
import type { MarketData } from '../market-data/types';
import { parseBundle, readBundleFiles } from '../universe/bundle';
import { narrativeTexts } from './business';
import { adviseInvestors, assessBusiness, basicInfo, mergeReport, valuationModels } from './index';
import type { AnalysisResults, ReportInput } from './types';

/** Two days after the fixture's figures (2026-11-20): the valuation as it was then, whatever today's date. */
const FIGURES_DATE = new Date('2026-11-22T08:00:00Z');

/**
 * Every text a reader sees in the report — notes, summary, business words, advice — is
 * Traditional Chinese: no English sentence, only the ASCII a Chinese financial text carries.
 */

/** ASCII words allowed in reader text: currency codes, model and ratio names, data providers and exchanges. */
const ALLOWED_WORDS = new Set([
  // ISO currency codes of the markets and the reporting currencies
  'HKD',
  'USD',
  'CNY',
  'EUR',
  'GBP',
  'JPY',
  // valuation models and ratios, as Hong Kong financial writing uses them
  'DCF',
  'CAPM',
  'EV',
  'EBITDA',
  'ROE',
  'TTM',
  'Beta',
  'AI',
  // data providers and exchanges, by their names
  'Yahoo',
  'Finance',
  'Nasdaq',
  'NYSE',
  'American',
  'Arca',
  'Cboe',
]);
/** Phrases matched before words: ratio names with a slash, S&P 500, Yahoo's FX tickers, share classes ("A 股", "B 類"). */
const ALLOWED_PHRASES = [/\bP\/[EBS]\b/g, /\bEV\/EBITDA\b/g, /\bS&P 500\b/g, /\b[A-Z]{6}=X\b/g, /\b[ABH](?= ?[股類])/g];

/** The ASCII words left in `text` once the stock's own names, URLs and the allowed terms are taken out. */
function englishIn(text: string, names: string[]): string[] {
  let rest = text.replace(/https?:\/\/\S+/g, ' ');
  for (const name of names.filter((n) => n !== '').sort((a, b) => b.length - a.length)) {
    // Whole words only: the symbol F must not take the F out of "Finance".
    rest = rest.replace(new RegExp(`(?<![A-Za-z])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z])`, 'g'), ' ');
  }
  for (const phrase of ALLOWED_PHRASES) rest = rest.replace(phrase, ' ');
  return (rest.match(/[A-Za-z]+/g) ?? []).filter((word) => !ALLOWED_WORDS.has(word));
}

function readerTexts(report: AnalysisResults): string[] {
  const { business, suggestions } = report;
  return [
    ...report.notes,
    report.summary,
    ...narrativeTexts(business),
    ...suggestions.byInvestorType.flatMap((a) => [a.rationale, a.horizon, ...a.keyRisks]),
    ...(report.valuation.riskFactors ?? []),
  ];
}

const ctx = { analysisId: '00000000-0000-4000-8000-000000000001', userId: '00000000-0000-4000-8000-000000000002', symbol: 'X' };
const NOW = new Date('2026-11-23T06:00:00Z');

async function reportOf(data: MarketData, now = NOW): Promise<AnalysisResults> {
  const analyst = builtInAnalyst();
  const input: ReportInput = { data, medians: null, investorType: 'stable' };
  const valuation = valuationModels(input, { now: FIGURES_DATE });
  const business = await assessBusiness(input, valuation, analyst, { ...ctx, symbol: data.symbol }, now);
  const suggestions = adviseInvestors(input, valuation, business);
  return mergeReport(input, { basic: basicInfo(data), valuation, business, suggestions }, analyst, { ...ctx, symbol: data.symbol }, now);
}

describe('the report as a Hong Kong reader sees it', () => {
  const universe = parseBundle(readBundleFiles());
  const listings = new Map(universe.listings.map((l) => [l.symbol, l]));
  const figures = new Map(universe.fundamentals.map((f) => [f.symbol, f]));
  const dataOf = (symbol: string) => {
    const stock = listings.get(symbol);
    if (!stock) throw new Error(`${symbol} is not in the bundle`);
    return toMarketData(stock, figures.get(symbol) ?? null);
  };

  it('finds English where it is: the check is not vacuous', () => {
    expect(englishIn('收入為 TTM (stocksguide 2026-01-02, HKD-converted)', [])).toEqual(['stocksguide', 'converted']);
    expect(englishIn('約 14.59B 股', [])).toEqual(['B']);
    expect(
      englishIn('騰訊控股（0700.HK）截至 2026-02-16 的收市價 HKD 533，DCF、P/E、EV/EBITDA，S&P 500，A 股及 H 股', ['0700.HK']),
    ).toEqual([]);
  });

  it('writes every Hong Kong stock with figures in Chinese: notes, summary, business and advice', async () => {
    const hk = universe.fundamentals.filter((f) => f.symbol.endsWith('.HK')).map((f) => f.symbol);
    expect(hk.length).toBeGreaterThanOrEqual(30);
    const found: Record<string, string[]> = {};
    for (const symbol of hk) {
      const data = dataOf(symbol);
      const report = await reportOf(data);
      const english = readerTexts(report).flatMap((text) => englishIn(text, [data.symbol, data.companyName]));
      if (english.length) found[symbol] = english;
    }
    expect(found).toEqual({});
  });

  it('writes US stocks in Chinese too, their English company names aside', async () => {
    const sample = ['AAPL', 'MSFT', 'MMM', 'BRK-B', 'JPM', 'XOM', 'KO', 'AMZN', 'NVDA', 'PLD', 'O'];
    const everyFortieth = universe.fundamentals.filter((f, i) => !f.symbol.endsWith('.HK') && i % 40 === 0).map((f) => f.symbol);
    const found: Record<string, string[]> = {};
    for (const symbol of [...sample, ...everyFortieth].filter((s) => figures.has(s))) {
      const data = dataOf(symbol);
      const report = await reportOf(data);
      const english = readerTexts(report).flatMap((text) => englishIn(text, [data.symbol, data.companyName]));
      if (english.length) found[symbol] = english;
    }
    expect(found).toEqual({});
  });

  it("turns Tencent's research notes into Chinese sentences and its units into 億", async () => {
    const data = dataOf('0700.HK');
    const report = await reportOf(data);
    // The latest daily close of the bundled bars (data/prices/hk-daily-2026).
    expect(report.summary.startsWith(`騰訊控股（0700.HK）截至 ${data.asOf} 的收市價 HKD ${data.price}，`)).toBe(true);
    const { notes } = report;
    const days = Math.round((NOW.getTime() - Date.parse(`${data.asOf}T16:00:00+08:00`)) / 86_400_000);
    expect(notes[0]).toMatch(
      new RegExp(`^注意：股價及財務數字為截至 ${data.asOf} 的數據快照（距分析日 (${days}|${days - 1}|${days + 1}) 天），並非即時股價`),
    );
    expect(notes).toContain('收入為截至 2026-01-02 的近十二個月數據，已換算為港元。');
    expect(notes.join('\n')).toContain('財務報表取自 2021、2022、2023、2024 共 4 個財政年度');
    expect(notes.join('\n')).not.toMatch(/\d[BM]\b/);
  });

  it('names S&P figures in 億 with the currency code first', () => {
    const notes = dataOf('AAPL').notes.join('\n');
    expect(notes).toMatch(/流通股數由市值 ÷ 股價推算，約 [\d,.]+ 億股。/);
    expect(notes).toMatch(/營業額由市值 ÷ 市銷率推算，約 USD [\d,.]+ (億|萬億)。/);
  });
});
