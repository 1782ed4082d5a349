import { priceLabel, priceTiming } from '../report/as-of';
import { bigMoney, percent, ratio, times } from '../report/format';
import { industryText } from '../report/industries';
import { MARKET_TEXT, sectorText } from '../report/labels';
import type { BusinessBrief, BusinessNarrative } from './types';

/**
 * The business section in words, from the figures alone. Thresholds match the business
 * score's (report/business.ts), so the words and the score never contradict each other.
 */
export function builtInBusinessNarrative(brief: BusinessBrief): BusinessNarrative {
  return {
    primaryBusiness: primaryBusiness(brief),
    competitiveAdvantage: competitiveAdvantage(brief),
    marketPosition: marketPosition(brief),
    growthProspects: growthProspects(brief),
    financialHealth: financialHealth(brief),
    managementQuality: managementQuality(brief),
  };
}

function displayName({ data }: BusinessBrief): string {
  return data.companyNameZh ? `${data.companyNameZh}（${data.companyName}）` : data.companyName;
}

/** "市值約 USD 850 億", dated when the price is not current ("截至 2026-02-16 的市值約 …"). */
function marketCapText(data: BusinessBrief['data'], now: Date): string {
  const timing = priceTiming(data.asOf, now);
  const dated = timing.stale && timing.asOf !== null ? `截至 ${timing.asOf} 的` : '';
  return `${dated}市值約 ${bigMoney(data.marketCap, data.currency)}`;
}

function primaryBusiness(brief: BusinessBrief): string {
  const { data } = brief;
  const sector = sectorText(data.sector);
  // An industry without a Chinese name is left out: the report is read in Chinese.
  const industryZh = industryText(data.industry);
  const industry = industryZh ? `行業為${industryZh}` : null;
  const field = [sector ? `屬${sector}板塊` : null, industry].filter((x) => x !== null).join('，') || '所屬行業不詳';
  const revenue = data.revenue !== null ? `最近一個財政年度收入約 ${bigMoney(data.revenue, data.currency)}` : '收入數據不詳';
  return `${displayName(brief)}於${MARKET_TEXT[data.market]}上市（${data.symbol}），${field}。${revenue}，${marketCapText(data, brief.now ?? new Date())}。`;
}

function competitiveAdvantage({ metrics }: BusinessBrief): string {
  const { netMargin, roe, ebitdaMargin } = metrics;
  const figures = `淨利潤率 ${percent(netMargin)}、EBITDA 利潤率 ${percent(ebitdaMargin)}、股東權益回報率（ROE）${percent(roe)}`;
  if (netMargin === null && roe === null) return `${figures}；數據不足，未能從盈利能力判斷競爭優勢。`;
  if ((netMargin ?? 0) >= 0.2 && (roe ?? 0) >= 0.15) return `${figures}，均屬高水平，反映公司具備定價能力、品牌或規模等較明顯的競爭優勢。`;
  if ((netMargin ?? 0) >= 0.1 || (roe ?? 0) >= 0.12) return `${figures}，盈利能力穩健，具一定競爭力，但優勢未算突出。`;
  // Profitable is read from the margin, else from the ROE: an unknown margin is not a loss.
  if ((netMargin ?? roe ?? 0) > 0) return `${figures}，利潤率偏薄，競爭優勢有限，盈利較易受成本及價格競爭影響。`;
  return `${figures}，公司目前未能錄得盈利，競爭優勢尚待業務規模及盈利改善來證明。`;
}

function marketPosition({ data, metrics, valuation, now = new Date() }: BusinessBrief): string {
  const cap = metrics.marketCapUsd;
  const tier =
    cap === null
      ? '規模不詳'
      : cap >= 100e9
        ? '屬超大型企業，行業地位領先'
        : cap >= 10e9
          ? '屬大型企業'
          : cap >= 2e9
            ? '屬中型企業'
            : '屬小型企業';
  const pe = valuation.models.find((m) => m.id === 'relative')?.peers?.find((c) => c.multiple === 'pe');
  const losing = data.eps !== null && data.eps <= 0;
  let peText = losing ? '公司虧損，市盈率不適用' : data.peRatio === null ? '市盈率不詳' : `市盈率 ${times(data.peRatio)}`;
  // Against the peers' median and their spread, the figures the relative model shows; no derived premium the report does not show.
  if (!losing && data.peRatio !== null && data.peRatio > 0 && pe?.median != null) {
    const spread = pe.spread ? `，四分位 ${pe.spread.low}–${pe.spread.high} 倍` : '';
    const side = data.peRatio >= pe.median ? '高於' : '低於';
    peText += `，${side}${pe.group ?? '同業'}的同業中位數 ${pe.median} 倍（${pe.peers.length} 家${spread}），${side === '高於' ? '市場給予溢價' : '估值較同業折讓'}`;
  }
  return `${marketCapText(data, now)}，${tier}。${peText}。`;
}

function growthProspects({ data, metrics, valuation, now = new Date() }: BusinessBrief): string {
  const dcf = valuation.models.find((m) => m.id === 'dcf');
  const g0 = typeof dcf?.inputs.firstYearGrowth === 'number' ? dcf.inputs.firstYearGrowth : null;
  const sustainable =
    metrics.sustainableGrowth === null
      ? '數據不足以估算可持續增長率'
      : `以 ROE × 盈利保留比率估算，公司可憑自身盈利支持約 ${percent(metrics.sustainableGrowth)} 的年增長`;
  const assumption = g0 !== null ? `；估值假設首年增長 ${percent(g0)}，其後逐步放緩至長期 2.5%` : '';
  const timing = priceTiming(data.asOf, now);
  const price = timing.stale ? priceLabel(timing) : '股價';
  const upside =
    valuation.upside === null || valuation.fairValue === null
      ? ''
      : `。按綜合估值，${valuation.upside >= 0 ? `${price}尚有約 ${valuation.upside}% 上升空間` : `合理價值較${price}低約 ${-valuation.upside}%`}`;
  return `${sustainable}${assumption}${upside}。`;
}

function financialHealth({ data, metrics }: BusinessBrief): string {
  // Where the source has no balance sheet (the bundled S&P 500 figures), say so once rather than "不詳" twice, and give the book equity it implies.
  const balance =
    data.totalDebt === null && data.cash === null
      ? `資料來源未有提供總債務及現金${metrics.equity !== null ? `；股東權益約 ${bigMoney(metrics.equity, data.currency)}（每股帳面值 × 流通股數）` : ''}`
      : `總債務 ${bigMoney(data.totalDebt, data.currency)}，現金 ${bigMoney(data.cash, data.currency)}`;
  const parts = [balance];
  if (metrics.netDebt !== null)
    parts.push(
      metrics.netDebt <= 0
        ? `持有淨現金 ${bigMoney(-metrics.netDebt, data.currency)}`
        : `淨負債 ${bigMoney(metrics.netDebt, data.currency)}`,
    );
  if (metrics.debtToEquity !== null) parts.push(`債務對股東權益比率 ${times(metrics.debtToEquity)}`);
  if (metrics.fcfConversion !== null) parts.push(`自由現金流相當於純利的 ${times(metrics.fcfConversion)}`);
  const d2e = metrics.debtToEquity;
  const verdict =
    metrics.equity !== null && metrics.equity <= 0
      ? '股東權益為負數，財務狀況需要特別留意。'
      : metrics.netDebt !== null && metrics.netDebt <= 0
        ? '現金足以覆蓋全部債務，償債壓力低。'
        : d2e === null
          ? '數據不足，未能全面評估財務狀況。'
          : d2e <= 0.5
            ? '負債水平低，財務狀況穩健。'
            : d2e <= 1
              ? '負債水平適中，財務狀況尚算穩健。'
              : d2e <= 2
                ? '負債偏高，需留意利率及再融資風險。'
                : '槓桿很高，財務風險較大。';
  return `${parts.join('，')}。${verdict}`;
}

function managementQuality({ data, metrics }: BusinessBrief): string {
  const payout = metrics.payoutRatio;
  const roe = metrics.roe;
  const capital =
    roe === null
      ? '數據不足以計算股東權益回報率'
      : roe >= 0.15
        ? `股東權益回報率 ${percent(roe)}，資本運用效率高`
        : roe > 0
          ? `股東權益回報率 ${percent(roe)}，資本運用效率一般`
          : '股東權益回報率為負，資本未能創造回報';
  // A yield without a per-share dividend is still a dividend: "no dividend" only when both say so.
  const pays = (data.dividendPerShare ?? 0) > 0 || (data.dividendYield ?? 0) > 0;
  const unknown = data.dividendPerShare === null && data.dividendYield === null;
  const dividends = unknown
    ? '派息數據不詳'
    : !pays
      ? (data.eps ?? 0) > 0
        ? '目前沒有派息，盈利主要保留作再投資'
        : '目前沒有派息'
      : payout === null || (data.dividendPerShare ?? 0) <= 0
        ? `有派息（股息率 ${percent(data.dividendYield, 2)}），但未能計算派息比率`
        : `派息比率 ${percent(payout)}，${payout > 0.8 ? '派息慷慨但再投資空間較少' : '在派息與再投資之間取得平衡'}`;
  const cash = ratio(data.freeCashFlow, data.netIncome);
  const quality =
    cash === null || (data.netIncome ?? 0) <= 0
      ? ''
      : cash >= 0.8
        ? '；盈利大多轉化為現金，盈利質素良好'
        : '；盈利轉化為現金的比例偏低，需留意盈利質素';
  return `${capital}；${dividends}${quality}。（管理層質素以資本回報及分配作參考，數據未能直接反映管理層的能力。）`;
}
