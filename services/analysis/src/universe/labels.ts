import { industryText } from '../report/industries';
import { sectorText } from '../report/labels';
import type { Stock } from './types';

/** A stock row as stored: the English sector and industry of its source, without their Chinese names. */
export type StockRow = Omit<Stock, 'sectorZh' | 'industryZh'>;

/**
 * The stock with its sector and industry in Traditional Chinese, through the report's own
 * mappings (so search, details and the report name them alike). Translated when the answer is
 * made, not stored: a better translation needs no reload. Null where the mapping has no entry.
 */
export function withChineseLabels(stock: StockRow): Stock {
  return { ...stock, sectorZh: sectorText(stock.sector), industryZh: industryText(stock.industry) };
}
