import type { MarketData } from '../../market-data/types';
import type { ValuationModel } from '../types';
import type { FinancialMetrics } from '../metrics';
import { clamp, roundPrice } from '../format';
import {
  EXPLICIT_YEARS,
  HIGH_GROWTH_YEARS,
  TERMINAL_GROWTH,
  type DiscountRate,
  type GrowthCap,
  fadedGrowth,
  firstYearGrowth,
} from './assumptions';

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

/** Said in the inputs when the free-cash-flow value could not be moved from the whole business to its owners. */
export const NET_DEBT_UNKNOWN = '總債務或現金不詳，未扣除淨債務：股權價值可能偏高';

/**
 * The return the earnings' reinvestment earns: the ROE when it is known and above terminal
 * growth; otherwise the discount rate, the neutral case of a company earning exactly its cost
 * of equity on new capital.
 */
function reinvestmentReturn(roe: number | null, rate: number): number {
  return roe !== null && roe > TERMINAL_GROWTH ? roe : rate;
}

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
 * On free cash flow (what the business generates for all its capital, after the investment
 * that pays for its growth) the discounted flows give the enterprise value, and equity =
 * enterprise value − (total debt − cash) — only when both are known: a blank debt is not a
 * zero debt, so with either unknown there is no adjustment and the inputs say so.
 * On earnings (already the owners' share, so no debt adjustment) growth is not free: growing
 * at g takes reinvesting g ÷ ROE of the earnings, so each year discounts earnings ×
 * (1 − gₜ ÷ ROE) and the terminal value earnings × (1 + g∞) × (1 − g∞ ÷ ROE) ÷ (r − g∞).
 * Discounting whole earnings while also growing them counts the growth twice. Growth starts
 * at the sustainable growth.
 * Free cash flow is discounted at the WACC (it pays lenders and owners), earnings at the cost
 * of equity (cost-of-capital.ts).
 */
export function dcfModel(
  data: MarketData,
  metrics: FinancialMetrics,
  rates: { equity: DiscountRate; firm: DiscountRate },
  growthCap: GrowthCap | null = null,
): ValuationModel {
  const shares = data.sharesOutstanding;
  if (shares === null || shares <= 0) return skipped('缺少流通股數，無法把公司價值換算為每股價值');

  const base = baseOf(data, metrics, shares);
  if (base.amount === null) return skipped('缺少自由現金流及盈利數據');
  if (base.amount <= 0) {
    return skipped(base.kind === 'fcf' ? '自由現金流為負數，折現後沒有意義' : '公司錄得虧損，未能以盈利折現估值', {
      [base.kind]: base.amount,
    });
  }

  const onCashFlow = base.kind === 'fcf';
  // Free cash flow grows at its own multi-year rate where the provider has the years (Yahoo); else at the sustainable growth.
  const history = onCashFlow ? (data.fcfGrowth ?? null) : null;
  const { growth: g0, source: growthSource } = firstYearGrowth(history?.rate ?? metrics.sustainableGrowth, growthCap);
  // Free cash flow reaches debt and equity holders alike: discounted at the WACC; earnings are the owners' own, at the cost of equity.
  const discount = onCashFlow ? rates.firm : rates.equity;
  const r = discount.rate;
  // Earnings pay for their own growth: only what is left after reinvesting g ÷ ROE of them reaches the owners.
  const roe = onCashFlow ? null : reinvestmentReturn(metrics.roe, r);
  const distributable = (growth: number) => (roe === null ? 1 : clamp(1 - growth / roe, 0, 1));
  let earned = base.amount;
  let presentValue = 0;
  for (let year = 1; year <= EXPLICIT_YEARS; year++) {
    const growth = fadedGrowth(g0, year);
    earned *= 1 + growth;
    presentValue += (earned * distributable(growth)) / (1 + r) ** year;
  }
  const terminalValue = (earned * (1 + TERMINAL_GROWTH) * distributable(TERMINAL_GROWTH)) / (r - TERMINAL_GROWTH);
  const presentTerminal = terminalValue / (1 + r) ** EXPLICIT_YEARS;
  const netDebt = onCashFlow && data.totalDebt !== null && data.cash !== null ? data.totalDebt - data.cash : null;
  const equityValue = presentValue + presentTerminal - (netDebt ?? 0);
  if (equityValue <= 0)
    return skipped('淨負債高於折現所得的企業價值，股權價值不為正數', {
      freeCashFlow: base.amount,
      totalDebt: data.totalDebt,
      cash: data.cash,
    });

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
      betaSource: discount.betaSource,
      rateKind: onCashFlow ? '加權平均資本成本（WACC）' : '股權成本（CAPM）',
      firstYearGrowth: Number(g0.toFixed(4)),
      growthSource:
        (growthSource === 'sustainable'
          ? (history?.source ?? '可持續增長率（ROE × 保留比率）')
          : growthSource === 'industry'
            ? `行業預期增長上限：${growthCap?.source ?? ''}${history ? `（低於${history.source}）` : ''}`
            : '預設值') +
        // The provider had the years but no growth could be read from them: the notes say why.
        (onCashFlow && data.fiscalYears?.length && !history ? '；多年年報未能計算自由現金流增長（原因見附註）' : ''),
      terminalGrowth: TERMINAL_GROWTH,
      explicitYears: EXPLICIT_YEARS,
      ...(data.fiscalYears?.length ? { fiscalYearEnd: data.fiscalYears.at(-1)!.end } : {}),
      ...(onCashFlow
        ? { totalDebt: data.totalDebt, cash: data.cash, netDebt, ...(netDebt === null ? { netDebtNote: NET_DEBT_UNKNOWN } : {}) }
        : {
            reinvestmentRoe: roe === null ? null : Number(roe.toFixed(4)),
            roeSource: roe === metrics.roe ? '股東權益回報率（ROE）' : '以折現率代替（ROE 不詳或過低）',
          }),
      presentValueOfFlows: Math.round(presentValue),
      presentValueOfTerminal: Math.round(presentTerminal),
    },
    method:
      `以${what}為基數：首 ${HIGH_GROWTH_YEARS} 年按首年增長率 g₀ 增長，其後 ${EXPLICIT_YEARS - HIGH_GROWTH_YEARS} 年直線遞減至永續增長 ${TERMINAL_GROWTH * 100}%；` +
      `${onCashFlow ? '以 WACC 折現（股權成本按 CAPM：無風險利率 + β × (股權風險溢價 + 國家風險溢價)）' : '以 CAPM 股權成本 r = 無風險利率 + β × (股權風險溢價 + 國家風險溢價) 折現'}；終值 = 第 ${EXPLICIT_YEARS} 年數值 × (1 + g∞) ÷ (r − g∞)；` +
      (onCashFlow
        ? '股權價值 = 企業價值 − 淨債務（總債務 − 現金；兩者之一不詳則不作調整），再除以流通股數'
        : '每年只折現扣除再投資後可分派的盈利：盈利 × (1 − gₜ ÷ ROE)，終值用 (1 − g∞ ÷ ROE)；盈利已屬股東，不扣債務，直接除以流通股數'),
  };
}
