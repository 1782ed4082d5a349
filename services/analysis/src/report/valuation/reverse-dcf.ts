import type { MarketData } from '../../market-data/types';
import type { ValuationModel } from '../types';
import { round } from '../format';
import { TERMINAL_GROWTH, type DiscountRate, type GrowthCap } from './assumptions';
import { industryFigures } from './reference';

/** Years until the business is assumed to earn a mature margin. */
export const REVERSE_DCF_YEARS = 10;
/** The net margin a mature business is assumed to reach when its industry's is unknown or negative. */
export const DEFAULT_MATURE_MARGIN = 0.08;
/** Implied yearly revenue growth above this is more than all but a few companies ever achieve for ten years. */
export const EXTREME_IMPLIED_GROWTH = 0.25;

/**
 * Reverse DCF: instead of a value, the growth the price implies. Suppose that in ten years the
 * company earns its industry's net margin m (Damodaran, January 2025, US; 8 % when unknown) on
 * revenue R₀ × (1 + g)¹⁰ and is then valued as a mature firm growing at g∞, its earnings
 * discounted at the cost of equity r; and ignore the years before (a loss-maker distributes
 * nothing). The market cap equals that value when
 *   (1 + g)¹⁰ = market cap × (1 + r)¹⁰ × (r − g∞) ÷ (R₀ × m × (1 + g∞)).
 * A check on the price, not a valuation: it never enters the blend. `reference` is the growth
 * the implied growth is weighed against (reverseDcfSupports).
 */
export function reverseDcfModel(
  data: MarketData,
  equity: DiscountRate,
  damodaranIndustry: string | null,
  reference: GrowthCap | null = null,
): ValuationModel {
  const base = {
    id: 'reverse_dcf' as const,
    name: '反向 DCF（股價隱含的增長）',
    role: 'check' as const,
    weight: 0,
    range: null,
    value: null,
    method: `假設第 ${REVERSE_DCF_YEARS} 年達到行業淨利潤率並以永續增長 ${TERMINAL_GROWTH * 100}% 估值、按股權成本折現，求令其現值等於市值的每年收入增長率 g：(1 + g)^${REVERSE_DCF_YEARS} = 市值 × (1 + r)^${REVERSE_DCF_YEARS} × (r − g∞) ÷ (收入 × 淨利潤率 × (1 + g∞))；只用作檢查股價，不計入合理價值`,
  };
  if (data.revenue === null || data.revenue <= 0 || data.marketCap === null || data.marketCap <= 0) {
    return {
      ...base,
      skipped: true,
      reason: '收入或市值不詳，無法求股價隱含的增長',
      inputs: { revenue: data.revenue, marketCap: data.marketCap },
    };
  }
  const industry = data.market === 'US' ? industryFigures('US', damodaranIndustry) : null;
  const margin =
    industry?.netMargin !== null && industry?.netMargin !== undefined && industry.netMargin > 0
      ? industry.netMargin
      : DEFAULT_MATURE_MARGIN;
  const r = equity.rate;
  const n = REVERSE_DCF_YEARS;
  const growthFactor = (data.marketCap * (1 + r) ** n * (r - TERMINAL_GROWTH)) / (data.revenue * margin * (1 + TERMINAL_GROWTH));
  const implied = growthFactor ** (1 / n) - 1;
  return {
    ...base,
    skipped: false,
    reason: null,
    inputs: {
      marketCap: data.marketCap,
      revenue: data.revenue,
      matureNetMargin: round(margin, 4),
      marginSource: industry?.netMargin
        ? `行業淨利潤率：${industry.industry}（Aswath Damodaran, Margins by Sector, US, 2025 年 1 月）`
        : `預設 ${DEFAULT_MATURE_MARGIN * 100}%（沒有行業數據）`,
      costOfEquity: r,
      impliedRevenueGrowth: round(implied, 4),
      extreme:
        implied > EXTREME_IMPLIED_GROWTH
          ? `股價隱含未來 ${n} 年每年收入增長 ${round(implied * 100, 1)}%，高於 ${EXTREME_IMPLIED_GROWTH * 100}%，極少公司能做到`
          : null,
      referenceGrowth: reference === null ? null : round(reference.rate, 4),
      referenceGrowthSource: reference?.source ?? '公司沒有多年營業額數據，未能與其自身增長比較',
    },
  };
}

/**
 * Whether the reverse DCF supports a call that a loss-maker's revenue multiple alone suggests
 * (ADR 0067): a buy when the growth the price implies is no more than the reference growth
 * (the company's own revenue growth over its fiscal years) and not extreme; a
 * sell when it is above the reference or extreme. Null when there is nothing to compare.
 */
export function reverseDcfSupports(model: ValuationModel | undefined): 'buy' | 'sell' | null {
  const implied = model?.inputs.impliedRevenueGrowth;
  const reference = model?.inputs.referenceGrowth;
  if (!model || model.skipped || typeof implied !== 'number') return null;
  if (typeof model.inputs.extreme === 'string') return 'sell';
  if (typeof reference !== 'number') return null;
  return implied <= reference ? 'buy' : 'sell';
}
