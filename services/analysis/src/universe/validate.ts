import type { FxTable } from './fx';
import { formatFigure } from './sources/numbers';

/**
 * The checks a company's compiled figures pass before it counts as having figures
 * (data/market/SOURCES.md, "Validation"). Each rule passes, fails (the company stays
 * `no_data` with the reason), or cannot be checked for want of a figure (said, not failed).
 */
export type CheckRule = 'currency' | 'eps' | 'market_cap' | 'period_end';
export type CheckOutcome = 'pass' | 'fail' | 'warn' | 'not_checked';

export interface Check {
  rule: CheckRule;
  outcome: CheckOutcome;
  /** What was compared, in Traditional Chinese (the reason a failing company gives). */
  detail: string;
}

export interface CheckResult {
  symbol: string;
  passed: boolean;
  checks: Check[];
  /** Why the company has no figures (the failing checks' details); null when it passed. */
  reason: string | null;
  /** The share count that agreed with the market cap; null when none could be checked. */
  shares: ShareCount | null;
  /** Share counts that disagreed with the market cap, for the notes. */
  rejectedShares: string[];
}

/** One fiscal period as the checks read it: amounts in `currency`, per-share figures too. */
export interface CheckedPeriod {
  label: string;
  end: string | null;
  currency: string;
  netIncome: number | null;
  eps: number | null;
  shares: number | null;
}

/** The quote the market cap is checked on: one page's price, market cap and share count. */
export interface CheckedQuote {
  tradingCurrency: string | null;
  reportingCurrency: string | null;
  price: number | null;
  marketCap: number | null;
  /**
   * The share counts the sources give, in the order of the rule (the statistics page first):
   * the first that agrees with the market cap is the one the figures use.
   */
  shares: ShareCount[];
  /**
   * The source's own notes say the market cap adds other share classes (the A shares of an
   * A+H issuer) at their own prices: price × shares cannot match it, so the check changes
   * (see marketCapCheck).
   */
  marketCapCoversOtherClasses?: boolean;
  /** Net income and EPS of one source, in one currency: what the share count of a multi-class issuer is checked on. */
  basis?: { netIncome: number; eps: number } | null;
}

export interface ShareCount {
  value: number;
  /** Where it comes from ("snapshot.csv", "periods.csv FY2024 攤薄股數"). */
  label: string;
}

export interface CheckInput {
  symbol: string;
  /** The currency of the price files the report's price comes from. */
  priceCurrency: string;
  /** The date of that price: the FX rate is the table's latest on or before it. */
  priceDate: string;
  quote: CheckedQuote | null;
  periods: CheckedPeriod[];
  fx: FxTable;
}

/** EPS may differ from net income ÷ diluted shares by this much (rounding of a two-decimal EPS, small share-count changes). */
export const EPS_TOLERANCE = 0.05;
/** Market cap may differ from price × shares by this much (a share count a few weeks older than the price). */
export const MARKET_CAP_TOLERANCE = 0.1;
/**
 * For a multi-class issuer, net income ÷ shares may differ from EPS by this much: the two may
 * be of neighbouring periods (a TTM EPS beside the last fiscal year's profit), while a count of
 * one class only, or of depositary shares, is off by a factor of 1.5 or more.
 */
export const CLASS_BASIS_TOLERANCE = 0.35;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

function currencyCheck(input: CheckInput): Check {
  const traded = input.quote?.tradingCurrency;
  if (traded && traded !== input.priceCurrency)
    return { rule: 'currency', outcome: 'fail', detail: `報價頁的交易貨幣為 ${traded}，但股價數據以 ${input.priceCurrency} 計` };
  const reported = new Set(input.periods.map((p) => p.currency).filter((c) => c));
  const reporting = input.quote?.reportingCurrency || [...reported][0] || null;
  if (!reporting) return { rule: 'currency', outcome: 'not_checked', detail: '沒有列明報告貨幣' };
  const stray = input.periods.filter((p) => p.currency && p.currency !== reporting);
  if (stray.length)
    return {
      rule: 'currency',
      outcome: 'fail',
      detail: `報告貨幣為 ${reporting}，但 ${stray.map((p) => `${p.label}（${p.currency}）`).join('、')} 以另一貨幣列示`,
    };
  if (reporting === input.priceCurrency) return { rule: 'currency', outcome: 'pass', detail: `報告貨幣與股價貨幣同為 ${reporting}` };
  const rate = input.fx.rate(reporting, input.priceCurrency, input.priceDate);
  return rate
    ? {
        rule: 'currency',
        outcome: 'pass',
        detail: `報告貨幣 ${reporting}，按 ${rate.date} 的匯率 1 ${reporting} = ${rate.rate.toFixed(4)} ${input.priceCurrency} 換算`,
      }
    : { rule: 'currency', outcome: 'fail', detail: `報告貨幣為 ${reporting}，內置匯率表沒有 ${reporting}→${input.priceCurrency} 的匯率` };
}

/**
 * EPS against net income ÷ diluted shares, in every period that has all three. The latest
 * such period decides (its EPS is the one a report may use); an older period off by more is
 * a warning in the per-company report (a restated year, a perpetual-securities distribution).
 */
function epsChecks(input: CheckInput): Check[] {
  const checkable = input.periods
    .filter((p) => p.eps !== null && p.netIncome !== null && p.netIncome !== 0 && p.shares !== null && p.shares > 0)
    .sort((a, b) => (a.end ?? '').localeCompare(b.end ?? ''));
  if (!checkable.length) return [{ rule: 'eps', outcome: 'not_checked', detail: '沒有同時列出每股盈利、淨利潤及攤薄股數的期間' }];
  return checkable.map((p, i) => {
    const implied = p.netIncome! / p.shares!;
    const gap = Math.abs(p.eps! - implied) / Math.abs(implied);
    const detail = `${p.label}：每股盈利 ${formatFigure(p.eps!)}，淨利潤 ÷ 攤薄股數 = ${formatFigure(implied)}（相差 ${pct(gap)}）`;
    if (gap <= EPS_TOLERANCE) return { rule: 'eps' as const, outcome: 'pass' as const, detail };
    return { rule: 'eps' as const, outcome: i === checkable.length - 1 ? ('fail' as const) : ('warn' as const), detail };
  });
}

/**
 * Market cap against price × shares on the same page, for each share count the sources give
 * (the statistics page's first): the first within 10 % is the one the figures use. A count of
 * one share class of an A+H company, or of American depositary shares, fails it; when every
 * count fails, so does the company.
 */
function marketCapCheck(input: CheckInput): { check: Check; shares: ShareCount | null; rejected: string[] } {
  const quote = input.quote;
  const counts = (quote?.shares ?? []).filter((c) => c.value > 0);
  if (!quote || quote.price === null || quote.marketCap === null || !counts.length)
    return {
      check: { rule: 'market_cap', outcome: 'not_checked', detail: '報價頁沒有同時列出股價、市值及股數' },
      shares: counts[0] ?? null,
      rejected: [],
    };
  const { price, marketCap } = quote;
  if (quote.marketCapCoversOtherClasses) return multiClassCheck(quote, price, marketCap, counts);
  const gapOf = (c: ShareCount) => Math.abs(marketCap - price * c.value) / marketCap;
  const describe = (c: ShareCount) =>
    `市值 ${formatFigure(marketCap)}，股價 ${formatFigure(price)} × ${c.label}股數 ${formatFigure(c.value)} = ${formatFigure(price * c.value)}（相差 ${pct(gapOf(c))}）`;
  const agreeing = counts.find((c) => gapOf(c) <= MARKET_CAP_TOLERANCE);
  const rejected = counts.filter((c) => gapOf(c) > MARKET_CAP_TOLERANCE && (!agreeing || counts.indexOf(c) < counts.indexOf(agreeing)));
  if (!agreeing)
    return { check: { rule: 'market_cap', outcome: 'fail', detail: counts.map(describe).join('；') }, shares: null, rejected: [] };
  return {
    check: { rule: 'market_cap', outcome: 'pass', detail: describe(agreeing) },
    shares: agreeing,
    rejected: rejected.map((c) => `流通股數：${describe(c)}，與市值不符，未採用；改用${agreeing.label}的股數。`),
  };
}

/**
 * The market cap of an issuer whose notes say it adds other share classes at their own prices:
 * price × shares may fall short of it (the other class trades at a premium) but not exceed it
 * by more than 10 %, and the share count must carry the company's profit: net income ÷ shares
 * within 35 % of EPS. A count of the Hong Kong class alone fails the second.
 */
function multiClassCheck(
  quote: CheckedQuote,
  price: number,
  marketCap: number,
  counts: ShareCount[],
): { check: Check; shares: ShareCount | null; rejected: string[] } {
  const basis = quote.basis;
  if (!basis || basis.eps <= 0 || basis.netIncome <= 0)
    return {
      check: { rule: 'market_cap', outcome: 'not_checked', detail: '市值涵蓋其他股份類別，而沒有淨利潤及每股盈利可核對股數' },
      shares: counts[0] ?? null,
      rejected: [],
    };
  const describe = (c: ShareCount) => {
    const implied = basis.netIncome / c.value;
    return (
      `市值 ${formatFigure(marketCap)} 涵蓋其他股份類別（來源註明），股價 ${formatFigure(price)} × ${c.label}股數 ${formatFigure(c.value)} = ${formatFigure(price * c.value)}；` +
      `淨利潤 ÷ 股數 = ${formatFigure(implied)}，每股盈利 ${formatFigure(basis.eps)}（相差 ${pct(Math.abs(implied - basis.eps) / basis.eps)}）`
    );
  };
  const fits = (c: ShareCount) =>
    price * c.value <= marketCap * (1 + MARKET_CAP_TOLERANCE) &&
    Math.abs(basis.netIncome / c.value - basis.eps) / basis.eps <= CLASS_BASIS_TOLERANCE;
  const agreeing = counts.find(fits);
  if (!agreeing)
    return { check: { rule: 'market_cap', outcome: 'fail', detail: counts.map(describe).join('；') }, shares: null, rejected: [] };
  return { check: { rule: 'market_cap', outcome: 'pass', detail: describe(agreeing) }, shares: agreeing, rejected: [] };
}

function periodEndCheck(input: CheckInput): Check {
  const missing = input.periods.filter((p) => !p.end || !ISO_DATE.test(p.end) || Number.isNaN(Date.parse(p.end)));
  if (!input.periods.length) return { rule: 'period_end', outcome: 'not_checked', detail: '沒有財政期間' };
  return missing.length
    ? { rule: 'period_end', outcome: 'fail', detail: `${missing.map((p) => p.label).join('、')} 沒有結算日期` }
    : { rule: 'period_end', outcome: 'pass', detail: `${input.periods.length} 個期間均有結算日期` };
}

/** Runs every rule on one company; it passes when no rule fails. */
export function validateCompany(input: CheckInput): CheckResult {
  const marketCap = marketCapCheck(input);
  const checks = [currencyCheck(input), ...epsChecks(input), marketCap.check, periodEndCheck(input)];
  const failed = checks.filter((c) => c.outcome === 'fail');
  return {
    symbol: input.symbol,
    passed: failed.length === 0,
    checks,
    reason: failed.length ? `財務數據未通過核對，暫不提供分析，亦不會扣除點數：${failed.map((c) => c.detail).join('；')}。` : null,
    shares: marketCap.shares,
    rejectedShares: marketCap.rejected,
  };
}
