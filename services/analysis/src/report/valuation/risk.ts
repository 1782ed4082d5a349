import type { MarketData } from '../../market-data/types';
import type { RiskFactor, RiskRating, Uncertainty } from '../types';
import type { FinancialMetrics } from '../metrics';
import { round } from '../format';
import type { UnverifiedLeverage } from './leverage';
import { priceStats } from './reference';

export interface RiskAssessment {
  level: RiskRating;
  factors: RiskFactor[];
}

const POINTS: Record<'low' | 'medium' | 'high', number> = { low: 0, medium: 1, high: 2 };

/**
 * Price risk: the annualised volatility of the provider's (Yahoo) or else the bundled daily prices (under 25 % low, under 40 %
 * medium, else high), else the beta (under 0.9 low, up to 1.3 medium, above high). The beta of
 * an industry table is the industry's risk, not the stock's: it does not count.
 */
function volatilityFactor(data: MarketData): RiskFactor {
  const stats = data.priceHistory?.stats ?? priceStats(data.symbol);
  const base = { id: 'volatility' as const, label: '股價波動' };
  if (stats) {
    const v = stats.volatility;
    const level = v < 0.25 ? 'low' : v < 0.4 ? 'medium' : 'high';
    return {
      ...base,
      value: round(v, 3),
      level,
      text: `${stats.from} 至 ${stats.to} 的年化波幅 ${round(v * 100, 1)}%（低於 25% 為低、低於 40% 為中）`,
    };
  }
  if (data.beta !== null && data.beta > 0) {
    const b = data.beta;
    const level = b < 0.9 ? 'low' : b <= 1.3 ? 'medium' : 'high';
    return { ...base, value: b, level, text: `β 值 ${b}（低於 0.9 為低、不高於 1.3 為中）` };
  }
  return { ...base, value: null, level: 'unknown', text: '沒有股價歷史或 β 值，未能評估股價波動' };
}

/**
 * Leverage: debt ÷ equity (net cash or up to 0.5 low, up to 1.5 medium, above or negative equity
 * high). Not judged for banks and insurers, whose leverage is their business. With the debt
 * unknown in a heavily borrowing industry, the industry's D/E stands in, said so; it can make the
 * factor medium or high, never low: an average cannot vouch for one company's balance sheet.
 */
function leverageFactor(metrics: FinancialMetrics, financial: boolean, proxy: UnverifiedLeverage | null): RiskFactor | null {
  if (financial) return null;
  const base = { id: 'leverage' as const, label: '財務槓桿' };
  if (metrics.equity !== null && metrics.equity <= 0) return { ...base, value: null, level: 'high', text: '股東權益為負數' };
  if (metrics.netDebt !== null && metrics.netDebt <= 0)
    return { ...base, value: round(metrics.netDebt, 0), level: 'low', text: '現金多於總債務（淨現金）' };
  const d2e = metrics.debtToEquity;
  if (d2e === null && proxy?.debtToEquity != null && proxy.debtToEquity > 0.5) {
    const industryD2e = round(proxy.debtToEquity, 2);
    return {
      ...base,
      value: industryD2e,
      level: industryD2e <= 1.5 ? 'medium' : 'high',
      text: `公司總債務不詳，以所屬行業平均債務對股東權益比率 ${industryD2e} 倍代替（達摩達蘭行業數據；不高於 0.5 為低、不高於 1.5 為中）`,
    };
  }
  if (d2e === null) return { ...base, value: null, level: 'unknown', text: '總債務或股東權益不詳，未能評估槓桿' };
  const level = d2e <= 0.5 ? 'low' : d2e <= 1.5 ? 'medium' : 'high';
  return { ...base, value: round(d2e, 2), level, text: `債務對股東權益比率 ${round(d2e, 2)} 倍（不高於 0.5 為低、不高於 1.5 為中）` };
}

/** Earnings: losses high; a net margin under 5 % or a P/E above 60 (profits thin or far below what the price expects) medium; else low. */
function earningsFactor(data: MarketData, metrics: FinancialMetrics): RiskFactor {
  const base = { id: 'earnings' as const, label: '盈利穩定性' };
  const losing = (data.netIncome !== null && data.netIncome < 0) || (data.eps !== null && data.eps <= 0);
  if (losing) return { ...base, value: data.eps, level: 'high', text: '公司正錄得虧損，盈利未見穩定' };
  if (data.eps === null && data.netIncome === null) return { ...base, value: null, level: 'unknown', text: '盈利數據不詳' };
  const pe = data.price !== null && data.eps !== null && data.eps > 0 ? data.price / data.eps : null;
  if (metrics.netMargin !== null && metrics.netMargin < 0.05)
    return {
      ...base,
      value: round(metrics.netMargin, 4),
      level: 'medium',
      text: `淨利潤率只有 ${round(metrics.netMargin * 100, 1)}%，盈利易受成本及價格影響`,
    };
  if (pe !== null && pe > 60)
    return { ...base, value: round(pe, 1), level: 'medium', text: `市盈率 ${round(pe, 1)} 倍，股價依賴盈利大幅增長` };
  return {
    ...base,
    value: metrics.netMargin === null ? data.eps : round(metrics.netMargin, 4),
    level: 'low',
    text: '公司有盈利，利潤率及市盈率未見異常（數據只有一個期間，未能檢視多年波動）',
  };
}

function uncertaintyFactor(uncertainty: Uncertainty): RiskFactor {
  const level = uncertainty === 'low' ? 'low' : uncertainty === 'medium' ? 'medium' : 'high';
  const text = { low: '低', medium: '中', high: '高', very_high: '極高' }[uncertainty];
  return { id: 'valuation_uncertainty', label: '估值不確定性', value: uncertainty, level, text: `合理價值的不確定性${text}` };
}

function sizeFactor(metrics: FinancialMetrics): RiskFactor | null {
  const cap = metrics.marketCapUsd;
  if (cap === null || cap >= 2e9) return null;
  return {
    id: 'size',
    label: '公司規模',
    value: Math.round(cap),
    level: cap < 300e6 ? 'high' : 'medium',
    text: `市值約 ${round(cap / 1e6, 0)} 百萬美元，流動性及波動風險較高`,
  };
}

/**
 * The risk rating from its factors (volatility, leverage, earnings, valuation uncertainty,
 * size): the mean of the known factors' points (low 0, medium 1, high 2) — under 0.5 low,
 * under 1.25 medium, else high — and never low when volatility or earnings is high. Unknown
 * when the price risk or the earnings is unknown: a missing input is never read as safety.
 */
export function assessRisk(
  data: MarketData,
  metrics: FinancialMetrics,
  uncertainty: Uncertainty,
  leverageProxy: UnverifiedLeverage | null = null,
): RiskAssessment {
  const factors = [
    volatilityFactor(data),
    leverageFactor(metrics, metrics.financial, leverageProxy),
    earningsFactor(data, metrics),
    uncertaintyFactor(uncertainty),
    sizeFactor(metrics),
  ].filter((f): f is RiskFactor => f !== null);
  const byId = (id: RiskFactor['id']) => factors.find((f) => f.id === id);
  if (byId('volatility')?.level === 'unknown' || byId('earnings')?.level === 'unknown') return { level: 'unknown', factors };
  const known = factors.filter((f) => f.level !== 'unknown') as (RiskFactor & { level: 'low' | 'medium' | 'high' })[];
  const mean = known.reduce((s, f) => s + POINTS[f.level], 0) / known.length;
  let level: RiskRating = mean < 0.5 ? 'low' : mean < 1.25 ? 'medium' : 'high';
  if (level === 'low' && (byId('volatility')?.level === 'high' || byId('earnings')?.level === 'high')) level = 'medium';
  return { level, factors };
}
