import type { MarketData } from '../market-data/types';
import { priceBasis, priceTiming } from '../report/as-of';
import { round } from '../report/format';
import type { BusinessBrief, BusinessNarrative, SummaryBrief } from './types';

/** Fills `{{symbol}}`, `{{companyName}}`, `{{market}}`, `{{currency}}` in a system prompt; other text stays as written. */
export function renderTemplate(template: string, data: MarketData): string {
  const values: Record<string, string> = {
    symbol: data.symbol,
    companyName: data.companyNameZh ?? data.companyName,
    market: data.market,
    currency: data.currency,
  };
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}

const pct = (fraction: number | null) => (fraction === null ? null : round(fraction * 100, 1));

/**
 * How current the price is, for the model: the date, whether it may be called current, and
 * how to name it (report/as-of.ts), so a months-old close is never written up as "現價".
 */
export function priceFacts(data: MarketData, now: Date): { priceAsOf: string | null; priceIsLive: boolean; priceBasis: string } {
  const timing = priceTiming(data.asOf, now);
  return { priceAsOf: data.asOf, priceIsLive: !timing.stale, priceBasis: priceBasis(timing) };
}

/** The user message: the computed figures as JSON, and how to name the price. */
export function userMessage(facts: string, data: MarketData, now: Date): string {
  return `以下是計算好的數據（JSON）：\n${facts}\n\n${priceBasis(priceTiming(data.asOf, now))}`;
}

/** The figures the model is given (the user message), as JSON: numbers it must not contradict. */
export function businessFacts({ data, metrics, valuation, score, now = new Date() }: BusinessBrief): string {
  return JSON.stringify(
    {
      ...priceFacts(data, now),
      company: data.companyName,
      companyZh: data.companyNameZh,
      symbol: data.symbol,
      market: data.market,
      currency: data.currency,
      sector: data.sector,
      industry: data.industry,
      asOf: data.asOf,
      price: data.price,
      marketCap: data.marketCap,
      revenue: data.revenue,
      netIncome: data.netIncome,
      freeCashFlow: data.freeCashFlow,
      ebitda: data.ebitda,
      totalDebt: data.totalDebt,
      cash: data.cash,
      eps: data.eps,
      peRatio: data.peRatio,
      bookValuePerShare: data.bookValuePerShare,
      dividendPerShare: data.dividendPerShare,
      beta: data.beta,
      netMarginPercent: pct(metrics.netMargin),
      ebitdaMarginPercent: pct(metrics.ebitdaMargin),
      roePercent: pct(metrics.roe),
      debtToEquity: metrics.debtToEquity === null ? null : round(metrics.debtToEquity, 2),
      fcfToNetIncome: metrics.fcfConversion === null ? null : round(metrics.fcfConversion, 2),
      sustainableGrowthPercent: pct(metrics.sustainableGrowth),
      valuation: {
        fairValue: valuation.fairValue,
        upsidePercent: valuation.upside,
        recommendation: valuation.recommendation,
        confidencePercent: valuation.confidence,
        models: valuation.method,
        riskLevel: valuation.riskLevel,
      },
      businessScore: score,
    },
    null,
    1,
  );
}

export function summaryFacts({ data, basic, valuation, business, suggestions, now = new Date() }: SummaryBrief): string {
  const own = suggestions.byInvestorType.find((a) => a.highlighted);
  return JSON.stringify(
    {
      ...priceFacts(data, now),
      company: data.companyNameZh ?? data.companyName,
      symbol: data.symbol,
      currency: data.currency,
      asOf: data.asOf,
      price: basic.currentPrice,
      basicScore: basic.score,
      valuation: {
        fairValue: valuation.fairValue,
        targetPrice: valuation.targetPrice,
        upsidePercent: valuation.upside,
        recommendation: valuation.recommendation,
        confidencePercent: valuation.confidence,
        models: valuation.method,
        riskLevel: valuation.riskLevel,
        riskFactors: valuation.riskFactors ?? [],
      },
      business: { score: business.score, competitiveAdvantage: business.competitiveAdvantage, financialHealth: business.financialHealth },
      readerAdvice: own
        ? {
            investorType: own.label,
            action: own.actionText,
            // The code too, so the model reads `avoid` (hold none) as what it is, never as 持有 (ADR 0054).
            actionCode: own.action,
            positionSizePercent: own.positionSizePercent,
            ...(own.positionSizePercent === 0 && { holdsNone: '此類型投資者不應持有此股（建議持倉 0%），不可建議其持有或買入' }),
            preferencesNote: own.preferencesNote ?? null,
          }
        : null,
    },
    null,
    1,
  );
}

/** Perplexity's answers carry citation markers like [1]: the report lists the sources apart (AnalysisResults.sources), so the markers go. */
export function cleanText(text: string): string {
  return text
    .replace(/\[\d+(?:,\s*\d+)*\]/g, '')
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}

const NARRATIVE_KEYS = [
  'primaryBusiness',
  'competitiveAdvantage',
  'marketPosition',
  'growthProspects',
  'financialHealth',
  'managementQuality',
] as const;

/**
 * The business fields from the model's answer: the first JSON object in it (models like to
 * wrap it in a code fence). Fields it left out or left empty are undefined; the caller fills
 * them from the built-in analyst. Undefined when no field at all could be read.
 */
export function parseNarrative(answer: string): Partial<BusinessNarrative> | undefined {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.slice(start, end + 1));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const fields: Partial<BusinessNarrative> = {};
  for (const key of NARRATIVE_KEYS) {
    const value = (parsed as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim() !== '') fields[key] = cleanText(value);
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}
