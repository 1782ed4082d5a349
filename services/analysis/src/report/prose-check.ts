import type { MarketData } from '../market-data/types';
import { sentencesOf } from '../analyst/fact-check';
import type { AnalysisResults } from './types';
import { financialMetrics } from './metrics';
import { narrativeTexts } from './business';

/**
 * Checks a finished report's words against its own figures (issue 27, item 5): no sentence
 * denies a dividend or a profit the figures show, a rated summary quotes its upside in %, and
 * every number the text states is one of the report's. The coverage run applies it to every
 * stock with figures; it must find nothing.
 */
export interface ProseIssue {
  rule: 'dividend_denied' | 'profit_denied' | 'upside_missing' | 'number_unknown';
  sentence: string;
}

/** Words that say the company pays no dividend. */
const DENIES_DIVIDEND = /沒有派發股息|沒有派息|不派息|未有派息|沒有股息|並無派息/;
/** Words that say the company makes a loss. */
const DENIES_PROFIT = /正錄得虧損|公司虧損|未能錄得盈利|沒有盈利|轉虧為盈|盈利為負/;

const UNITS: Record<string, number> = { 萬億: 1e12, 億: 1e8, 萬: 1e4 };
/** A number as written, with its Chinese unit or a percent sign. */
const NUMBER = /(\d[\d,]*(?:\.\d+)?)\s*(萬億|億|萬|%)?/g;
/** Dates and symbols are not figures: "2024-06-13", "0700.HK", "FY2024". */
const NOT_FIGURES = /\d{4}-\d{2}-\d{2}|\b\d{4,5}\.HK\b|FY\d{4}/g;
/** Counts and calendar words need no checking: "3 年", "12 個月", "2025 年". */
const SMALL_INTEGER_MAX = 12;

interface Stated {
  value: number;
  /** The rounding it is written with, in the same unit as `value`. */
  tolerance: number;
  percent: boolean;
}

function statedNumbers(text: string): Stated[] {
  return [...text.replace(NOT_FIGURES, ' ').matchAll(NUMBER)].map((m) => {
    const raw = (m[1] as string).replace(/,/g, '');
    const decimals = raw.includes('.') ? (raw.split('.')[1]?.length ?? 0) : 0;
    const scale = m[2] && m[2] !== '%' ? (UNITS[m[2]] as number) : 1;
    return { value: Number(raw) * scale, tolerance: 0.5 * 10 ** -decimals * scale + 1e-9, percent: m[2] === '%' };
  });
}

/** Every number of the report's figures: the numbers, and the numbers its computed strings state. */
function figuresOf(facts: unknown): number[] {
  const values: number[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'number' && Number.isFinite(v)) values.push(Math.abs(v), Math.abs(v) * 100);
    else if (typeof v === 'string') for (const n of statedNumbers(v)) values.push(n.value);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(facts);
  return values;
}

function known(stated: Stated, figures: number[]): boolean {
  if (Number.isInteger(stated.value) && stated.value <= SMALL_INTEGER_MAX) return true;
  if (Number.isInteger(stated.value) && stated.value >= 1990 && stated.value <= 2100 && !stated.percent) return true;
  return figures.some((f) => Math.abs(f - stated.value) <= stated.tolerance || (f !== 0 && Math.abs(f - stated.value) / f <= 0.005));
}

/** What the report's text says that its figures do not. */
export function proseIssues(report: AnalysisResults, data: MarketData): ProseIssue[] {
  const { summary, business, ...rest } = report;
  const texts = [summary, ...narrativeTexts(business)];
  const sentences = texts.flatMap(sentencesOf);
  // The figures the text is written from: the report's sections, the market data and the ratios computed from it.
  const figures = figuresOf({ ...rest, score: business.score, data, metrics: financialMetrics(data) });
  const pays = (data.dividendPerShare ?? 0) > 0 || (data.dividendYield ?? 0) > 0;
  const profits = data.eps !== null && data.eps > 0 && (data.netIncome === null || data.netIncome > 0);
  // The reasons a model gives and the advice's words are read by the user too.
  const said = [
    ...sentences,
    ...report.valuation.models.flatMap((m) => (m.reason ? [m.reason] : [])),
    ...(report.valuation.recommendationNote ? [report.valuation.recommendationNote] : []),
    ...report.suggestions.byInvestorType.flatMap((a) => [a.rationale, a.preferencesNote ?? '', ...a.keyRisks]),
  ];
  const issues: ProseIssue[] = [
    ...said.filter((s) => pays && DENIES_DIVIDEND.test(s)).map((sentence) => ({ rule: 'dividend_denied' as const, sentence })),
    ...said.filter((s) => profits && DENIES_PROFIT.test(s)).map((sentence) => ({ rule: 'profit_denied' as const, sentence })),
    ...sentences
      .filter((s) => statedNumbers(s).some((n) => !known(n, figures)))
      .map((sentence) => ({ rule: 'number_unknown' as const, sentence })),
  ];
  const upside = report.valuation.upside;
  if (report.valuation.recommendation !== 'unrated' && upside !== null && !summary.includes(`${Math.abs(upside)}%`))
    issues.push({ rule: 'upside_missing', sentence: summary });
  return issues;
}
