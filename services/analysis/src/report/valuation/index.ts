import type { ReportInput, ValuationModel, ValuationResult } from '../types';
import { financialMetrics } from '../metrics';
import { roundPrice, round } from '../format';
import { discountRate } from './assumptions';
import {
  blendedValue,
  confidencePercent,
  dataCompleteness,
  modelAgreement,
  normaliseWeights,
  recommendationFor,
  riskLevelFor,
  setAsideOutliers,
} from './blend';
import { dcfModel } from './dcf';
import { dividendModel } from './dividend';
import { grahamModel, relativeModel } from './multiples';

const SHORT_NAMES: Record<ValuationModel['id'], string> = {
  dcf: 'DCF',
  relative: '相對估值',
  dividend_discount: '股息折現',
  graham: '格雷厄姆數',
  residual_income: '剩餘收益',
  ev_sales: 'EV/銷售額',
  reverse_dcf: '反向 DCF',
};

/** Said instead of a call when there is no price to compare the fair value with. */
export const NO_PRICE_NOTE = '沒有可靠的股價，無法計算上升空間及目標價，亦無法以股價檢查估值是否異常，評級暫定為「持有」';
/** Without a price no model can be checked against it, so the confidence stays at or below this. */
export const NO_PRICE_CONFIDENCE_CAP = 40;

/**
 * Stage 40: the four valuation models, their weighted blend and what follows from it. Pure
 * and synchronous: the same figures always give the same valuation. A model more than 10×
 * off the price is set aside (see setAsideOutliers).
 *
 * - fairValue: the weighted mean of the models that produced a value (weights in each model).
 * - targetPrice: a 12-month target that assumes the gap to fair value closes in proportion to
 *   the confidence: price + (fairValue − price) × confidence %.
 * - upside: (fairValue ÷ price − 1) × 100, one decimal.
 * - Without a price (none, or not positive) there is no target price, no upside and no call
 *   beyond "hold", and the recommendation note says why; the models still give a fair value,
 *   but none can be checked against the price, so the confidence is capped at 40 %.
 */
export function valuationModels(input: ReportInput): ValuationResult {
  const { data, medians } = input;
  const metrics = financialMetrics(data);
  const discount = discountRate(data);
  const price = data.price !== null && data.price > 0 ? data.price : null;
  const models = normaliseWeights(
    setAsideOutliers(
      [
        dcfModel(data, metrics, discount),
        relativeModel(data, medians),
        dividendModel(data, metrics.sustainableGrowth, discount),
        grahamModel(data),
      ],
      price,
    ),
  );

  const fairValue = blendedValue(models);
  const used = models.filter((m) => !m.skipped);
  const confidence = confidencePercent(modelAgreement(models), dataCompleteness(data, medians), used.length > 0);
  const upside = fairValue !== null && price !== null ? round((fairValue / price - 1) * 100, 1) : null;
  const targetPrice = fairValue === null || price === null ? null : roundPrice(price + ((fairValue - price) * confidence) / 100);
  const risk = riskLevelFor(data, metrics);

  return {
    fairValue,
    targetPrice,
    upside,
    recommendation: recommendationFor(upside, confidence),
    ...(price === null ? { recommendationNote: NO_PRICE_NOTE } : {}),
    confidence: price === null ? Math.min(confidence, NO_PRICE_CONFIDENCE_CAP) : confidence,
    method: used.length > 0 ? used.map((m) => SHORT_NAMES[m.id]).join('、') : '沒有適用的估值模型',
    riskLevel: risk.level,
    riskFactors: risk.factors,
    currency: data.currency,
    models,
  };
}

export { discountRate, MARKET_RATES, TERMINAL_GROWTH, EXPLICIT_YEARS } from './assumptions';
