import { RISK_PROFILES } from '@stockai/contracts';
import type { MarketData, SectorMedians } from '../market-data/types';
import type { BasicInfo, BusinessAnalysis, Explanation, Suggestions, ValuationResult } from './types';
import { type PriceTiming, priceLabel, priceTiming } from './as-of';
import { basicScore } from './basic-info';
import { businessScore } from './business';
import { round } from './format';
import { financialMetrics } from './metrics';
import { dataCompleteness, modelAgreement } from './valuation/blend';
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
  const used = valuation.models.filter((m) => !m.skipped);
  list.push(
    {
      figure: 'valuation.fairValue',
      value: valuation.fairValue,
      method: `各模型估值的加權平均（${valuation.method}）`,
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
      method: '60% × 模型一致度（1 − 加權變異系數）+ 40% × 數據完整度，限於 5–95%',
      inputs: {
        agreement: round(modelAgreement(valuation.models), 3),
        completeness: round(dataCompleteness(data, medians), 3),
        modelsUsed: used.length,
      },
      source: computed,
    },
    {
      figure: 'valuation.recommendation',
      value: valuation.recommendation,
      method:
        valuation.recommendationNote ??
        '上升空間 ≥ 25% 強烈買入、≥ 10% 買入、> −10% 持有、> −25% 賣出，否則強烈賣出；信心度低於 40% 時「強烈」評級降一級',
      inputs: { upside: valuation.upside, confidence: valuation.confidence },
      source: computed,
    },
    {
      figure: 'valuation.riskLevel',
      value: valuation.riskLevel,
      method: 'β 值、槓桿、虧損及投機性計分：0 分低、1–2 分中、3 分或以上高',
      inputs: {
        beta: data.beta,
        debtToEquity: maybe(metrics.debtToEquity),
        netIncome: data.netIncome,
        price: data.price,
        factors: (valuation.riskFactors ?? []).join('；') || null,
      },
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
  );
  for (const advice of suggestions.byInvestorType) {
    list.push({
      figure: `suggestions.${advice.investorType}.positionSizePercent`,
      value: advice.positionSizePercent,
      method:
        '此股佔整個組合的建議比重：滿倉 = 類型的單一股票上限（保守型 5%、穩健型 8%、成長型 12%、進取型 20%，不超過股票配置上限）× 風險調整（低 ×1、中 ×0.75、高 ×0.5）；' +
        '買入 = 滿倉 × 信心度 × 上升空間 ÷ 25（限於 0.4–1），持有 = 滿倉 × 0.5（不加碼），賣出 = 0',
      inputs: {
        action: advice.action,
        upside: valuation.upside,
        confidence: valuation.confidence,
        riskLevel: valuation.riskLevel,
        singleStockLimit: SINGLE_STOCK_LIMIT[advice.investorType],
        stockAllocation: RISK_PROFILES[advice.investorType].stockAllocation,
      },
      source: computed,
    });
  }
  return list;
}
