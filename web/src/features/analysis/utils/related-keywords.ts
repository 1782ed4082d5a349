import type { AnalysisResults } from '../types/results';

/** Spec section 7: at most three search terms. */
export const MAX_KEYWORDS = 3;

/**
 * The related-articles search terms of a report: the first three of symbol, company name,
 * industry, sector and primary business (spec section 7).
 */
export function relatedArticleKeywords(symbol: string, results: AnalysisResults): string[] {
  const candidates = [
    symbol,
    results.basic?.companyName,
    results.basic?.industry,
    results.basic?.sector,
    results.business?.primaryBusiness,
  ];
  return candidates.filter((term): term is string => typeof term === 'string' && term.trim() !== '').slice(0, MAX_KEYWORDS);
}
