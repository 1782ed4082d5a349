import type { MarketData } from '../../market-data/types';
import type { ValuationModel } from '../types';
import type { FinancialMetrics } from '../metrics';
import { roundPrice } from '../format';
import { EXPLICIT_YEARS, HIGH_GROWTH_YEARS, TERMINAL_GROWTH, type DiscountRate, fadedGrowth, firstYearGrowth } from './assumptions';

const NAME = '現金流折現（DCF）';

const skipped = (reason: string, inputs: ValuationModel['inputs'] = {}): ValuationModel => ({
  id: 'dcf',
  name: NAME,
  value: null,
  weight: 0,
  skipped: true,
  reason,
  inputs,
  method: '現金流折現：預測現金流按折現率折算為現值',
});

type Base = { kind: 'fcf' | 'netIncome' | 'eps'; amount: number | null };

/**
 * What is discounted: free cash flow when known; otherwise earnings — net income, or EPS ×
 * shares when the source has per-share figures only. Banks and insurers always on earnings:
 * deposits and claims run through their cash flow, so their "free cash flow" is noise.
 */
function baseOf(data: MarketData, metrics: FinancialMetrics, shares: number): Base {
  if (data.freeCashFlow !== null && !metrics.financial) return { kind: 'fcf', amount: data.freeCashFlow };
  if (data.netIncome !== null) return { kind: 'netIncome', amount: data.netIncome };
  return { kind: 'eps', amount: data.eps === null ? null : data.eps * shares };
}

const BASE_TEXT: Record<Base['kind'], string> = { fcf: '自由現金流', netIncome: '純利', eps: '每股盈利 × 流通股數' };

/**
 * Discounted cash flow over ten explicit years (five at the first-year growth, five fading
 * linearly to terminal growth) and a Gordon terminal value.
 *
 * On free cash flow (what the business generates for all its capital) the discounted flows
 * give the enterprise value, and equity = enterprise value − total debt + cash. On earnings
 * (already the owners' share) no debt adjustment. Growth starts at the sustainable growth.
 * The discount rate is the CAPM cost of equity for both: the data has no cost of debt, and a
 * cost of equity overstates the rate for a levered firm, so the value errs on the low side.
 */
export function dcfModel(data: MarketData, metrics: FinancialMetrics, discount: DiscountRate): ValuationModel {
  const shares = data.sharesOutstanding;
  if (shares === null || shares <= 0) return skipped('缺少流通股數，無法把公司價值換算為每股價值');

  const base = baseOf(data, metrics, shares);
  if (base.amount === null) return skipped('缺少自由現金流及盈利數據');
  if (base.amount <= 0) {
    return skipped(base.kind === 'fcf' ? '自由現金流為負數，折現後沒有意義' : '公司錄得虧損，未能以盈利折現估值', { [base.kind]: base.amount });
  }

  const { growth: g0, source: growthSource } = firstYearGrowth(metrics.sustainableGrowth);
  const r = discount.rate;
  let flow = base.amount;
  let presentValue = 0;
  for (let year = 1; year <= EXPLICIT_YEARS; year++) {
    flow *= 1 + fadedGrowth(g0, year);
    presentValue += flow / (1 + r) ** year;
  }
  const terminalValue = (flow * (1 + TERMINAL_GROWTH)) / (r - TERMINAL_GROWTH);
  const presentTerminal = terminalValue / (1 + r) ** EXPLICIT_YEARS;
  const onCashFlow = base.kind === 'fcf';
  const equityValue = presentValue + presentTerminal - (onCashFlow ? (data.totalDebt ?? 0) - (data.cash ?? 0) : 0);
  if (equityValue <= 0) return skipped('淨負債高於折現所得的企業價值，股權價值不為正數', { freeCashFlow: base.amount, totalDebt: data.totalDebt });

  const what = BASE_TEXT[base.kind];
  return {
    id: 'dcf',
    name: `${NAME}：${onCashFlow ? '自由現金流' : '盈利'}`,
    value: roundPrice(equityValue / shares),
    weight: onCashFlow ? 0.35 : 0.3,
    skipped: false,
    reason: null,
    inputs: {
      base: what,
      baseAmount: base.amount,
      sharesOutstanding: shares,
      discountRate: Number(r.toFixed(4)),
      riskFreeRate: discount.riskFree,
      equityRiskPremium: discount.equityPremium,
      beta: discount.beta,
      betaSource: discount.betaSource === 'data' ? '市場數據' : '預設值 1（數據缺少 β）',
      firstYearGrowth: Number(g0.toFixed(4)),
      growthSource: growthSource === 'sustainable' ? '可持續增長率（ROE × 保留比率）' : '預設值',
      terminalGrowth: TERMINAL_GROWTH,
      explicitYears: EXPLICIT_YEARS,
      ...(onCashFlow ? { totalDebt: data.totalDebt, cash: data.cash } : {}),
      presentValueOfFlows: Math.round(presentValue),
      presentValueOfTerminal: Math.round(presentTerminal),
    },
    method:
      `以${what}為基數：首 ${HIGH_GROWTH_YEARS} 年按首年增長率 g₀ 增長，其後 ${EXPLICIT_YEARS - HIGH_GROWTH_YEARS} 年直線遞減至永續增長 ${TERMINAL_GROWTH * 100}%；` +
      `以 CAPM 折現率 r = 無風險利率 + β × 股權風險溢價折現；終值 = 第 ${EXPLICIT_YEARS} 年數值 × (1 + g∞) ÷ (r − g∞)；` +
      (onCashFlow ? '股權價值 = 企業價值 − 總債務 + 現金（不詳作 0），再除以流通股數' : '盈利已屬股東，不扣債務，直接除以流通股數'),
  };
}
