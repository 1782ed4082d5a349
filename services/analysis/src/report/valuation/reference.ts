import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PriceStatsFigures } from '../../market-data/types';
import { parseCsv } from '../../universe/csv';

/**
 * The engine's reference tables (data/SOURCES-valuation.md): Damodaran's industry figures and
 * country premiums, and each bundled stock's beta, volatility and weekly closes derived from
 * the shared price files. Read once, on first use, and kept: they change only with a release.
 */
const DATA = path.join(__dirname, '..', '..', '..', 'data');

export type Region = 'US' | 'EM';

export interface IndustryFigures {
  region: Region;
  industry: string;
  firms: number;
  beta: number;
  /** Unlevered beta corrected for cash: the business's beta without its debt and cash. */
  unleveredBeta: number;
  debtToEquity: number | null;
  costOfDebt: number | null;
  debtWeight: number | null;
  peTrailing: number | null;
  /** Analysts' expected EPS growth over the next five years, the industry's average (US table only). */
  expectedGrowth: number | null;
  pb: number | null;
  evToEbitda: number | null;
  evToSales: number | null;
  netMargin: number | null;
}

export interface CountryRisk {
  country: 'US' | 'HK' | 'CN';
  name: string;
  totalErp: number;
  countryRiskPremium: number;
}

/** A bundled stock's β and volatility: the shape a provider's live figures take too. */
export interface PriceStats extends PriceStatsFigures {
  symbol: string;
}

export interface WeeklyClose {
  date: string;
  close: number;
}

const num = (s: string | undefined): number | null => (s === undefined || s.trim() === '' ? null : Number(s));

interface Tables {
  industries: Map<string, IndustryFigures>;
  countries: Map<string, CountryRisk>;
  stats: Map<string, PriceStats>;
  closes: Map<string, WeeklyClose[]>;
}

let tables: Tables | null = null;

function load(): Tables {
  const read = (file: string) => parseCsv(readFileSync(path.join(DATA, file), 'utf8'));
  const industries = new Map<string, IndustryFigures>();
  for (const r of read('valuation/damodaran-industries.csv')) {
    industries.set(`${r.region}|${r.industry}`, {
      region: r.region as Region,
      industry: r.industry ?? '',
      firms: Number(r.firms),
      beta: Number(r.beta),
      unleveredBeta: Number(r.unlevered_beta_cash),
      debtToEquity: num(r.de_ratio),
      costOfDebt: num(r.cost_of_debt),
      debtWeight: num(r.debt_weight),
      peTrailing: num(r.pe_trailing),
      expectedGrowth: num(r.expected_growth),
      pb: num(r.pbv),
      evToEbitda: num(r.ev_ebitda),
      evToSales: num(r.ev_sales),
      netMargin: num(r.net_margin),
    });
  }
  const countries = new Map<string, CountryRisk>();
  for (const r of read('valuation/country-risk.csv')) {
    countries.set(r.country ?? '', {
      country: r.country as CountryRisk['country'],
      name: r.name ?? '',
      totalErp: Number(r.total_erp),
      countryRiskPremium: Number(r.country_risk_premium),
    });
  }
  const stats = new Map<string, PriceStats>();
  for (const r of read('prices/price-stats.csv')) {
    stats.set(r.symbol ?? '', {
      symbol: r.symbol ?? '',
      from: r.from ?? '',
      to: r.to ?? '',
      observations: Number(r.observations),
      betaRaw: Number(r.beta_raw),
      betaSe: Number(r.beta_se),
      betaBlume: Number(r.beta_blume),
      // prices/price-stats.csv: two years of daily returns against ^GSPC (data/market/SOURCES.md).
      interval: 'daily',
      volatility: Number(r.volatility),
      market: r.market ?? '',
    });
  }
  const closes = new Map<string, WeeklyClose[]>();
  for (const r of read('prices/weekly-closes.csv')) {
    const list = closes.get(r.symbol ?? '') ?? [];
    list.push({ date: r.date ?? '', close: Number(r.close) });
    closes.set(r.symbol ?? '', list);
  }
  return { industries, countries, stats, closes };
}

function get(): Tables {
  tables ??= load();
  return tables;
}

export function industryFigures(region: Region, industry: string | null): IndustryFigures | null {
  return industry === null ? null : (get().industries.get(`${region}|${industry}`) ?? null);
}

export function countryRisk(country: CountryRisk['country']): CountryRisk | null {
  return get().countries.get(country) ?? null;
}

export function priceStats(symbol: string): PriceStats | null {
  return get().stats.get(symbol) ?? null;
}

export function weeklyCloses(symbol: string): WeeklyClose[] {
  return get().closes.get(symbol) ?? [];
}
