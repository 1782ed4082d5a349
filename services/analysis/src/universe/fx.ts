import { parseCsv } from './csv';

/**
 * The bundled, dated exchange-rate table (data/market/fx-rates.csv): the central parity rates
 * of the China Foreign Exchange Trade System, quoted as yuan per 100 units of a currency, as
 * published by Xinhua on the dates listed. Cross rates (USD→HKD) go through the yuan on the
 * same day. Used to bring Hong Kong figures reported in CNY or USD into HKD.
 */
export interface FxTable {
  /** The rate of the latest table date on or before `onOrBefore` (the earliest date when none is). */
  rate(from: string, to: string, onOrBefore: string | null): FxRate | null;
}

export interface FxRate {
  from: string;
  to: string;
  /** Units of `to` per unit of `from`. */
  rate: number;
  date: string;
  source: string;
}

interface Quote {
  date: string;
  currency: string;
  cnyPer100: number;
  source: string;
}

export function parseFxTable(text: string): FxTable {
  const quotes: Quote[] = parseCsv(text).map((row) => ({
    date: row.date ?? '',
    currency: (row.currency ?? '').toUpperCase(),
    cnyPer100: Number(row.cny_per_100),
    source: row.source ?? '',
  }));
  const dates = [...new Set(quotes.map((q) => q.date))].sort();
  const cnyPerUnit = (currency: string, date: string) => {
    if (currency === 'CNY') return 1;
    const quote = quotes.find((q) => q.date === date && q.currency === currency);
    return quote && quote.cnyPer100 > 0 ? quote.cnyPer100 / 100 : null;
  };
  return {
    rate(from, to, onOrBefore) {
      if (from === to) return null;
      const candidates = onOrBefore ? dates.filter((d) => d <= onOrBefore) : [];
      const date = candidates.at(-1) ?? dates[0];
      if (!date) return null;
      const fromCny = cnyPerUnit(from, date);
      const toCny = cnyPerUnit(to, date);
      if (fromCny === null || toCny === null) return null;
      const source = quotes.find((q) => q.date === date)?.source ?? '';
      return { from, to, rate: fromCny / toCny, date, source };
    },
  };
}

/** "1 CNY = 1.0968 HKD（中國外匯交易中心中間價，2025-09-01）" */
export function describeRate(rate: FxRate): string {
  return `1 ${rate.from} = ${rate.rate.toFixed(4)} ${rate.to}（中國外匯交易中心人民幣中間價，${rate.date}）`;
}
