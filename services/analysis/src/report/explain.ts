import { RISK_PROFILES } from '@stockai/contracts';
import type { MarketData, SectorMedians } from '../market-data/types';
import type { BasicInfo, BusinessAnalysis, Explanation, Suggestions, ValuationResult } from './types';
import { type PriceTiming, priceLabel, priceTiming } from './as-of';
import { basicScore } from './basic-info';
import { businessScore } from './business';
import { round } from './format';
import { financialMetrics } from './metrics';
import { CALL_THRESHOLDS, dataCompleteness, MAX_DISPERSION, modelDispersion } from './valuation/blend';
import { SINGLE_STOCK_LIMIT } from './suggestions';

const SOURCE_TEXT: Record<MarketData['source'], string> = { snapshot: '內置市場數據快照', yahoo: 'Yahoo Finance' };

function dataSourceText(data: MarketData): string {
  return `${SOURCE_TEXT[data.source]}${data.asOf ? `（截至 ${data.asOf}）` : ''}`;
}

const maybe = (v: number | null, digits = 4) => (v === null ? null : round(v, digits));

/**
 * The report's `explain` section: every figure it shows, with the inputs it came from, the
 * method, and the source — the market data provider for quoted figures, "系統計算" for the
 * ones the report computed from them.
 */
export function explainReport(
  data: MarketData,
  medians: SectorMedians | null,
  parts: { basic: BasicInfo; valuation: ValuationResult; business: BusinessAnalysis; suggestions: Suggestions },
  timing: PriceTiming = priceTiming(data.asOf, new Date()),
): Explanation[] {
  const quoted = dataSourceText(data);
  const computed = `系統計算，數據來源：${quoted}`;
  const { basic, valuation, business, suggestions } = parts;
  const metrics = financialMetrics(data);
  const list: Explanation[] = [
    {
      figure: 'basic.currentPrice',
      value: basic.currentPrice,
      method: timing.stale ? `${priceLabel(timing)}（數據快照，並非即時報價）` : '最新成交價',
      inputs: { currency: data.currency, asOf: data.asOf },
      source: quoted,
    },
    {
      figure: 'basic.marketCap',
      value: basic.marketCap,
      method: '股價 × 流通股數',
      inputs: { price: data.price, sharesOutstanding: data.sharesOutstanding },
      source: quoted,
    },
    {
      figure: 'basic.peRatio',
      value: basic.peRatio,
      method: '股價 ÷ 每股盈利',
      inputs: { price: data.price, eps: data.eps },
      source: quoted,
    },
    {
      figure: 'basic.dividendYield',
      value: basic.dividendYield,
      method: `採用${SOURCE_TEXT[data.source]}提供的股息率（以百分比顯示），並非由本系統重新計算`,
      inputs: { dividendYield: data.dividendYield, dividendPerShare: data.dividendPerShare, price: data.price },
      source: quoted,
    },
    {
      figure: 'basic.score',
      value: basic.score,
      method: '估值（市盈率，0–35）+ 股息（股息率，0–15）+ 規模（市值，0–25）+ 盈利能力（淨利潤率，0–25）；數據不詳的部分取一半分數',
      inputs: {
        ...basicScore(data).parts,
        peRatio: data.peRatio,
        dividendYield: data.dividendYield,
        netMargin: maybe(metrics.netMargin),
        marketCapUsd: maybe(metrics.marketCapUsd, 0),
      },
      source: computed,
    },
  ];

  for (const model of valuation.models) {
    list.push({
      figure: `valuation.models.${model.id}`,
      value: model.skipped ? `未採用：${model.reason}` : model.value,
      method: model.method,
      inputs: { ...model.inputs, weight: model.weight },
      source: computed,
    });
  }
  const rate = valuation.discountRate;
  if (rate) {
    list.push({
      figure: 'valuation.discountRate',
      value: rate.costOfEquity,
      method: `股權成本（CAPM）= 無風險利率 + β × (成熟市場股權風險溢價 + 國家風險溢價)${rate.wacc === null ? '' : `；WACC = 股權比重 × 股權成本 + 債務比重 × 稅前債務成本 × (1 − 稅率) = ${rate.wacc}`}`,
      inputs: {
        riskFree: rate.riskFree,
        equityRiskPremium: rate.equityRiskPremium,
        countryRiskPremium: rate.countryRiskPremium,
        beta: rate.beta,
        betaSource: rate.betaSource,
        wacc: rate.wacc,
      },
      source: `${rate.riskFreeSource}；${rate.premiumSource}`,
    });
  }
  const used = valuation.models.filter((m) => !m.skipped && (m.role ?? 'blend') === 'blend');
  list.push(
    {
      figure: 'valuation.fairValue',
      value: valuation.fairValue,
      method: `各適用模型估值的加權平均（${valuation.method}；格雷厄姆數只作篩選、反向 DCF 只作檢查，均不計入）；區間為各模型低值及高值的加權平均：${valuation.range ? `${valuation.range.low}–${valuation.range.high}` : '不適用'}`,
      inputs: Object.fromEntries(
        used.flatMap((m) => [
          [`${m.id}.value`, m.value],
          [`${m.id}.weight`, m.weight],
        ]),
      ),
      source: computed,
    },
    {
      figure: 'valuation.targetPrice',
      value: valuation.targetPrice,
      method: '股價 + (合理價值 − 股價) × 信心度：假設估值差距在 12 個月內按信心度收窄',
      inputs: { price: data.price, fairValue: valuation.fairValue, confidence: valuation.confidence },
      source: computed,
    },
    {
      figure: 'valuation.upside',
      value: valuation.upside,
      method: '(合理價值 ÷ 股價 − 1) × 100%',
      inputs: { fairValue: valuation.fairValue, price: data.price },
      source: computed,
    },
    {
      figure: 'valuation.confidence',
      value: valuation.confidence,
      method: '按估值不確定性：低 80%、中 65%、高 45%、極高 25%，再按缺少的數據扣減最多 15 個百分點，限於 5–95%',
      inputs: {
        uncertainty: valuation.uncertainty ?? null,
        dispersion: round(Math.min(modelDispersion(valuation.models), 1e6), 2),
        completeness: round(dataCompleteness(data, medians), 3),
        modelsUsed: used.length,
      },
      source: computed,
    },
    {
      figure: 'valuation.recommendation',
      value: valuation.recommendation,
      method:
        (valuation.recommendationNote ? `${valuation.recommendationNote}。` : '') +
        `所需安全邊際隨估值不確定性提高：${Object.entries(CALL_THRESHOLDS)
          .map(([level, t]) => `${level} 買入 ≥ ${t.buy}%${t.strong === null ? '' : `、強烈買入 ≥ ${t.strong}%`}`)
          .join('；')}（賣出對稱）；合理價值超出股價 1/3 至 3 倍，或各模型相差超過 ${MAX_DISPERSION} 倍，則不予評級`,
      inputs: { upside: valuation.upside, uncertainty: valuation.uncertainty ?? null, companyKind: valuation.companyKind ?? null },
      source: computed,
    },
    {
      figure: 'valuation.riskLevel',
      value: valuation.riskLevel,
      method:
        '股價波動、財務槓桿、盈利穩定性、估值不確定性及規模各評低（0 分）、中（1 分）或高（2 分），取已知因素的平均：低於 0.5 為低、低於 1.25 為中，否則為高；波動或盈利為高時不會評為低；股價波動或盈利數據不詳則為「未能評估」',
      inputs: Object.fromEntries((valuation.riskAssessment ?? []).map((f) => [f.id, `${f.level}：${f.text}`])),
      source: computed,
    },
    {
      figure: 'business.score',
      value: business.score,
      method:
        '盈利能力（淨利潤率，0–30）+ 回報（ROE，0–25）+ 資產負債（0–20）+ 現金轉化（自由現金流 ÷ 純利，0–15）+ 規模（0–10）；數據不詳的部分取一半分數',
      inputs: {
        ...businessScore(metrics).parts,
        netMargin: maybe(metrics.netMargin),
        roe: maybe(metrics.roe),
        debtToEquity: maybe(metrics.debtToEquity),
        fcfConversion: maybe(metrics.fcfConversion),
        marketCapUsd: maybe(metrics.marketCapUsd, 0),
      },
      source: computed,
    },
    {
      figure: 'business.roe',
      value: maybe(metrics.roe),
      method: '純利 ÷ 股東權益（每股帳面值 × 流通股數）',
      inputs: { netIncome: data.netIncome, equity: maybe(metrics.equity, 0) },
      source: computed,
    },
    {
      figure: 'business.netMargin',
      value: maybe(metrics.netMargin),
      method: '純利 ÷ 收入',
      inputs: { netIncome: data.netIncome, revenue: data.revenue },
      source: computed,
    },
    ...fiscalYearsExplained(data, quoted),
  );
  for (const advice of suggestions.byInvestorType) {
    list.push({
      figure: `suggestions.${advice.investorType}.positionSizePercent`,
      value: advice.positionSizePercent,
      method:
        '此股佔整個組合的建議比重：滿倉 = 類型的單一股票上限（保守型 5%、穩健型 8%、成長型 12%、進取型 20%，不超過股票配置上限）× 風險調整（低 ×1、中 ×0.75、高或未能評估 ×0.5）× 類型的不確定性調整；' +
        '買入 = 滿倉 × (0.5 + 0.5 × 信心度 × 上升空間 ÷ 25（限於 0.4–1）)，持有 = 滿倉 × 0.5（不加碼），賣出，或風險超出類型可承受範圍（「不建議持有」）= 0；風險或不確定性超出類型的買入預算時最多為「持有」',
      inputs: {
        // In words (不建議持有, 持有…): the panel shows the inputs to the reader as they are.
        action: advice.actionText,
        upside: valuation.upside,
        confidence: valuation.confidence,
        riskLevel: valuation.riskLevel,
        uncertainty: valuation.uncertainty ?? null,
        singleStockLimit: SINGLE_STOCK_LIMIT[advice.investorType],
        stockAllocation: RISK_PROFILES[advice.investorType].stockAllocation,
      },
      source: computed,
    });
  }
  return list;
}

/**
 * The fiscal years behind the figures (FY2023, FY2024, …, named by the year each ends in) and
 * the figures two sources gave differently, with the one taken and the one left; nothing when
 * the provider has a single year and no disagreement.
 */
function fiscalYearsExplained(data: MarketData, source: string): Explanation[] {
  const years = data.fiscalYears ?? [];
  const conflicts = data.sourceConflicts ?? [];
  if (!years.length && !conflicts.length) return [];
  const labels = years.map((y) => `FY${y.end.slice(0, 4)}`);
  return [
    {
      figure: 'data.fiscalYears',
      value: years.length ? labels.join('、') : null,
      method: years.length
        ? `財務數字、正常化自由現金流及營業額增長取自 ${labels.join('、')} 共 ${years.length} 個財政年度的報表（財政年度以結算日所在年份命名）`
        : '只有最新一期的財務數字',
      inputs: {
        ...Object.fromEntries(years.map((y, i) => [labels[i]!, `截至 ${y.end}`])),
        ...Object.fromEntries(conflicts.map((note, i) => [`來源不一致 ${i + 1}`, note])),
      },
      source,
    },
  ];
}
