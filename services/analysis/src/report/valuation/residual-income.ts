import type { MarketData } from '../../market-data/types';
import type { ValuationModel } from '../types';
import { clamp, round, roundPrice } from '../format';
import type { FinancialMetrics } from '../metrics';
import type { DiscountRate } from './assumptions';

/** The growth a bank's book can sustain forever: never above this, whatever its ROE and retention. */
export const MAX_BOOK_GROWTH = 0.03;
/** The range: the cost of equity one point either side. */
export const RATE_STEP = 0.01;

/**
 * Residual income in its single-stage form, the justified price-to-book: a bank earning ROE
 * on its book B, against a cost of equity r, with its book growing at g, is worth
 * B × (ROE − g) ÷ (r − g) — book value plus the present value of what it earns above its cost
 * of capital (Damodaran, "Valuing Financial Service Firms", 2009). g is the sustainable growth
 * ROE × retention, bounded to 0–3 %. Low and high at r + 1 and r − 1 points.
 */
export function residualIncomeModel(data: MarketData, metrics: FinancialMetrics, equity: DiscountRate): ValuationModel {
  const base = {
    id: 'residual_income' as const,
    name: '剩餘收益（合理市帳率）',
    role: 'blend' as const,
    method:
      '每股帳面值 × (ROE − g) ÷ (r − g)：帳面值加上超出股權成本的盈利現值；r 為 CAPM 股權成本，g 為可持續增長率（ROE × 保留比率，限於 0–3%）；低值及高值以 r ± 1 個百分點計算',
  };
  const inputs = { bookValuePerShare: data.bookValuePerShare, roe: metrics.roe === null ? null : round(metrics.roe, 4) };
  const skip = (reason: string): ValuationModel => ({ ...base, value: null, weight: 0, skipped: true, reason, inputs, range: null });
  const book = data.bookValuePerShare;
  if (book === null || book <= 0) return skip('每股帳面值不詳或不為正數');
  if (metrics.roe === null) return skip('股東權益回報率（ROE）不詳');
  if (metrics.roe <= 0) return skip('ROE 為負數：公司正錄得虧損，剩餘收益模型不適用');
  const g = clamp(metrics.sustainableGrowth ?? 0, 0, MAX_BOOK_GROWTH);
  const at = (r: number) => (book * (metrics.roe! - g)) / (r - g);
  const r = equity.rate;
  return {
    ...base,
    value: roundPrice(at(r)),
    weight: 0.5,
    skipped: false,
    reason: null,
    inputs: {
      ...inputs,
      costOfEquity: r,
      bookGrowth: round(g, 4),
      justifiedPriceToBook: round((metrics.roe - g) / (r - g), 2),
      beta: equity.beta,
      betaSource: equity.betaSource,
      riskFreeRate: equity.riskFree,
      equityRiskPremium: equity.equityPremium,
    },
    range: { low: roundPrice(at(r + RATE_STEP)), base: roundPrice(at(r)), high: roundPrice(at(Math.max(r - RATE_STEP, g + 0.02))) },
  };
}
