import type { MarketData } from '../../market-data/types';
import { percent, round } from '../format';
import { industryText } from '../industries';
import { industryFigures, type Region } from './reference';

/**
 * Twice the debt weight D/(D+E) of the US market without financials (16 %, Damodaran, Cost of
 * Capital by Industry, US, January 2025; emerging markets' is 25 %): an industry borrowing this much of its capital
 * (telecoms, utilities, cable, airlines, REITs…) lets its debt decide much of what its equity
 * is worth.
 */
export const LEVERED_INDUSTRY_DEBT_WEIGHT = 0.32;

export interface UnverifiedLeverage {
  /** The Damodaran industry whose averages stand in. */
  industry: string;
  region: Region;
  debtWeight: number;
  debtToEquity: number | null;
  /** Why the valuation cannot be checked against the balance sheet, with the industry's figures. */
  text: string;
}

/**
 * A non-financial company whose total debt is unknown (the bundled US figures carry none), in
 * an industry that borrows heavily: its earnings-based value cannot be checked against its own
 * balance sheet, and the regression beta of a quiet year does not show how much debt stands
 * before the shareholders. The valuation then takes one more step of uncertainty and gives no
 * "strong" call (ADR 0042). Null when the debt is known, the company is a bank or insurer (its
 * leverage is its business), or its industry borrows little or is unknown.
 */
export function unverifiedLeverage(data: MarketData, financial: boolean, industry: string | null): UnverifiedLeverage | null {
  if (financial || data.totalDebt !== null) return null;
  const region: Region = data.market === 'US' ? 'US' : 'EM';
  const figures = industryFigures(region, industry);
  if (!figures || figures.debtWeight === null || figures.debtWeight < LEVERED_INDUSTRY_DEBT_WEIGHT) return null;
  // Reader text is Chinese (reader-text.test): the industry by the company's own industry name,
  // the table by its author's Chinese name; the US debt weights are of January 2025, the
  // emerging markets' of January 2026.
  const edition = region === 'US' ? '美國，2025 年 1 月' : '新興市場，2026 年 1 月';
  const d2e = figures.debtToEquity === null ? '' : `、債務對股東權益 ${round(figures.debtToEquity, 2)} 倍`;
  const named = industryText(data.industry);
  return {
    industry: figures.industry,
    region,
    debtWeight: figures.debtWeight,
    debtToEquity: figures.debtToEquity,
    text: `公司總債務不詳，而所屬行業${named ? `（${named}）` : ''}平均債務佔資本 ${percent(figures.debtWeight, 0)}${d2e}（達摩達蘭行業資本成本數據，${edition}），槓桿對股東價值影響大卻未能核實`,
  };
}
