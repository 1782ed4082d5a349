import { money, percent } from '../report/format';
import type { Crossing } from './alert-rules';

/** What a notification says: the stock, the price, what it crossed, in Traditional Chinese. */
export interface AlertText {
  title: string;
  body: string;
}

/**
 * The notification of a crossing. `price` and `currency` are the latest quote's; `reportDate`
 * the date of the report an alert on the report followed. Texts say what happened and what the
 * member can do (re-analyse with the newer figures), never a call of their own.
 */
export function alertText(input: {
  name: string;
  symbol: string;
  crossing: Crossing;
  price: number | null;
  priceAsOf: string | null;
  currency: string;
  reportDate: string | null;
  figuresAsOf: string | null;
  reportAsOf: string | null;
}): AlertText {
  const { crossing, currency } = input;
  const stock = `${input.name}（${input.symbol}）`;
  const now = `最新股價 ${money(input.price, currency)}${input.priceAsOf ? `（${input.priceAsOf}）` : ''}`;
  const report = input.reportDate ? `${input.reportDate} 的分析報告` : '上次的分析報告';
  switch (crossing.reason) {
    case 'above':
      return {
        title: `${stock}股價升穿 ${money(crossing.threshold, currency)}`,
        body: `${now}，已高於你設定的 ${money(crossing.threshold, currency)}。`,
      };
    case 'below':
      return {
        title: `${stock}股價跌穿 ${money(crossing.threshold, currency)}`,
        body: `${now}，已低於你設定的 ${money(crossing.threshold, currency)}。`,
      };
    case 'buy_zone':
      return {
        title: `${stock}股價低於報告的買入價`,
        body: `${now}，已低於${report}的買入價 ${money(crossing.threshold, currency)}；按該報告，此價位的評級會是「買入」。請重新分析以按最新數據確認。`,
      };
    case 'sell_zone':
      return {
        title: `${stock}股價高於報告的賣出價`,
        body: `${now}，已高於${report}的賣出價 ${money(crossing.threshold, currency)}；按該報告，此價位的評級會是「賣出」。請重新分析以按最新數據確認。`,
      };
    case 'moved':
      return {
        title: `${stock}的分析報告已過時`,
        body: `${now}，較${report}所用的 ${money(crossing.threshold, currency)} 變動 ${percent(crossing.move)}，超過 10%。建議重新分析。`,
      };
    case 'newer_figures':
      return {
        title: `${stock}的分析報告已過時`,
        body: `已載入截至 ${input.figuresAsOf ?? '不詳'} 的新數據，而${report}使用截至 ${input.reportAsOf ?? '不詳'} 的數據。建議重新分析。`,
      };
  }
}
