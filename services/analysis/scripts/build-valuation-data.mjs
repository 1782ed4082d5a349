/**
 * Builds the engine's lean valuation inputs from the project's shared data (../shared/data):
 * - data/valuation/damodaran-industries.csv: Damodaran's industry betas, cost of capital and
 *   multiples (US and emerging markets), one row per region and industry;
 * - data/valuation/country-risk.csv: Damodaran's total equity risk premium and country risk
 *   premium for the US, Hong Kong and China;
 * - data/prices/price-stats.csv: per stock, a regression beta (raw and Blume-adjusted, with its
 *   standard error and window) and the annualised volatility of daily returns;
 * - data/prices/weekly-closes.csv: the last close of each week, at most 260 weeks per stock.
 * Only these derived tables are committed (a few MB), not the 16 MB of daily prices.
 *
 * Re-run when a newer file is dropped into ../shared/data (the .xls reader is not a project
 * dependency: it is needed only here):
 *   npm i --no-save --prefix /tmp/xls @e965/xlsx@0.20.3
 *   NODE_PATH=/tmp/xls/node_modules node services/analysis/scripts/build-valuation-data.mjs [shared-data-dir]
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const XLSX = require('@e965/xlsx');
const here = path.dirname(fileURLToPath(import.meta.url));
const shared = path.resolve(process.argv[2] ?? path.join(here, '..', '..', '..', '..', 'shared', 'data'));
const out = path.join(here, '..', 'data');

const csvCell = (v) =>
  v === null || v === undefined
    ? ''
    : typeof v === 'number'
      ? String(Number(v.toPrecision(6)))
      : /[",\n]/.test(v)
        ? `"${v.replace(/"/g, '""')}"`
        : v;
const toCsv = (header, rows) => [header.join(','), ...rows.map((r) => header.map((h) => csvCell(r[h])).join(','))].join('\n') + '\n';

function industrySheet(file) {
  const wb = XLSX.readFile(path.join(shared, 'valuation', 'damodaran', file));
  const name = wb.SheetNames.find((s) => /Industry Averages/i.test(s));
  const rows = XLSX.utils.sheet_to_json(wb.Sheets[name], { header: 1, raw: true });
  const at = rows.findIndex((r) => r[0] === 'Industry Name');
  const header = rows[at].map((h) => String(h).trim());
  const byIndustry = new Map();
  for (const row of rows.slice(at + 1)) {
    if (!row[0]) continue;
    // Some tables repeat a header name (EV/EBITDA for all firms, then for money-makers): the first is kept.
    const record = {};
    header.forEach((h, i) => {
      if (!(h in record)) record[h] = typeof row[i] === 'number' ? row[i] : null;
    });
    byIndustry.set(String(row[0]).trim(), record);
  }
  return byIndustry;
}

function industries() {
  const regions = {
    US: {
      beta: 'damodaran_betaUS_Jan2026.xls',
      wacc: 'damodaran_US_wacc_Jan2025.xls',
      pe: 'damodaran_US_pedata_Jan2025.xls',
      pbv: 'damodaran_US_pbvdata_Jan2025.xls',
      ev: 'damodaran_US_vebitda_Jan2025.xls',
      ps: 'damodaran_US_psdata_Jan2025.xls',
    },
    EM: { beta: 'damodaran_betaemerg_Jan2026.xls', wacc: 'damodaran_waccemerg_Jan2026.xls' },
  };
  const rows = [];
  for (const [region, files] of Object.entries(regions)) {
    const tables = Object.fromEntries(Object.entries(files).map(([k, f]) => [k, industrySheet(f)]));
    for (const [industry, beta] of tables.beta) {
      const wacc = tables.wacc.get(industry) ?? {};
      const pe = tables.pe?.get(industry) ?? {};
      const pbv = tables.pbv?.get(industry) ?? {};
      const ev = tables.ev?.get(industry) ?? {};
      const ps = tables.ps?.get(industry) ?? {};
      rows.push({
        region,
        industry,
        firms: beta['Number of firms'],
        beta: beta['Beta'],
        unlevered_beta_cash: beta['Unlevered beta corrected for cash'],
        de_ratio: beta['D/E Ratio'],
        tax_rate: beta['Effective Tax rate'],
        stdev_equity: beta['Standard deviation of equity'],
        cost_of_equity: wacc['Cost of Equity'],
        cost_of_debt: wacc['Cost of Debt'],
        debt_weight: wacc['D/(D+E)'],
        wacc: wacc['Cost of Capital'],
        pe_trailing: pe['Trailing PE'] ?? null,
        expected_growth: pe['Expected growth - next 5 years'] ?? null,
        pbv: pbv['PBV'] ?? null,
        roe: pbv['ROE'] ?? null,
        ev_ebitda: ev['EV/EBITDA'] ?? null,
        ev_sales: ps['EV/Sales'] ?? null,
        net_margin: ps['Net Margin'] ?? null,
      });
    }
  }
  const header = Object.keys(rows[0]);
  writeFileSync(path.join(out, 'valuation', 'damodaran-industries.csv'), toCsv(header, rows));
  return rows.length;
}

function countryRisk() {
  const wb = XLSX.readFile(path.join(shared, 'valuation', 'damodaran', 'damodaran_ctryprem_Jan2022.xlsx'));
  const rows = XLSX.utils.sheet_to_json(wb.Sheets['ERPs by country'], { header: 1, raw: true });
  const wanted = { 'United States': 'US', 'Hong Kong': 'HK', China: 'CN' };
  const list = rows
    .filter((r) => r[0] in wanted)
    .map((r) => ({ country: wanted[r[0]], name: r[0], rating: r[2], total_erp: r[4], country_risk_premium: r[5] }));
  writeFileSync(
    path.join(out, 'valuation', 'country-risk.csv'),
    toCsv(['country', 'name', 'rating', 'total_erp', 'country_risk_premium'], list),
  );
  return list.length;
}

// ---- prices ----------------------------------------------------------------------------

function returns(closes) {
  const r = [];
  for (let i = 1; i < closes.length; i++) r.push(closes[i - 1] > 0 && closes[i] > 0 ? Math.log(closes[i] / closes[i - 1]) : null);
  return r;
}

/** OLS slope of stock on market returns over the days both have, with its standard error. */
function regression(stock, market) {
  const pairs = [];
  for (let i = 0; i < stock.length; i++) if (stock[i] !== null && market[i] !== null) pairs.push([market[i], stock[i]]);
  const n = pairs.length;
  if (n < 60) return null;
  const mx = pairs.reduce((s, p) => s + p[0], 0) / n;
  const my = pairs.reduce((s, p) => s + p[1], 0) / n;
  let sxx = 0,
    sxy = 0,
    syy = 0;
  for (const [x, y] of pairs) {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * (y - my);
    syy += (y - my) ** 2;
  }
  const beta = sxy / sxx;
  const residual = (syy - beta * sxy) / (n - 2);
  return { beta, se: Math.sqrt(residual / sxx), n, volatility: Math.sqrt((syy / (n - 1)) * 252) };
}

function weekKey(date) {
  // ISO week start (Monday) of a YYYY-MM-DD date: the last close of each such week is kept.
  const d = new Date(`${date}T00:00:00Z`);
  const day = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - day);
  return d.toISOString().slice(0, 10);
}

function weekly(series) {
  const byWeek = new Map();
  for (const [date, close] of series) if (close !== null) byWeek.set(weekKey(date), [date, close]);
  return [...byWeek.values()].slice(-260);
}

const round = (v, d = 4) => Number(v.toFixed(d));

function priceTables() {
  const stats = [];
  const closes = [];
  // US: a wide table of adjusted closes against the S&P 500 index.
  const usText = readFileSync(path.join(shared, 'prices', 'us', 'sp500-adjclose-2023-06-to-2024-06.csv'), 'utf8')
    .trim()
    .split('\n');
  const usHeader = usText[0].split(',');
  const usRows = usText.slice(1).map((l) => l.split(','));
  const dates = usRows.map((r) => r[0].slice(0, 10));
  const index = new Map(
    readFileSync(path.join(shared, 'prices', 'indices', 'sp500-index-daily-2016-to-2026-02.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','))
      .filter(([, v]) => v && v.trim() !== '')
      .map(([d, v]) => [d, Number(v)]),
  );
  const marketUs = returns(dates.map((d) => index.get(d) ?? null));
  usHeader.slice(1).forEach((symbol, c) => {
    const series = usRows.map((r, i) => [dates[i], r[c + 1] === '' ? null : Number(r[c + 1])]);
    const fit = regression(returns(series.map((s) => s[1])), marketUs);
    const dated = series.filter((s) => s[1] !== null);
    if (fit) {
      stats.push({
        symbol: symbol.replace('-', '.'),
        from: dated[0][0],
        to: dated[dated.length - 1][0],
        observations: fit.n,
        beta_raw: round(fit.beta),
        beta_se: round(fit.se),
        beta_blume: round(0.67 * fit.beta + 0.33),
        volatility: round(fit.volatility),
        market: 'S&P 500 index (FRED SP500)',
      });
    }
    for (const [date, close] of weekly(dated)) closes.push({ symbol: symbol.replace('-', '.'), date, close: round(close, 2) });
  });

  // HK: no index spans the files, so the market is the equal-weighted mean daily return of the
  // constituents on each day, over the last two years of the files.
  const dir = path.join(shared, 'prices', 'hk-daily');
  const hk = new Map();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .sort()) {
    const lines = readFileSync(path.join(dir, file), 'utf8').trim().split('\n').slice(1);
    hk.set(
      file.replace('.csv', ''),
      lines.map((l) => l.split(',')).map((c) => [c[0].slice(0, 10), Number(c[4])]),
    );
  }
  const allDates = [...new Set([...hk.values()].flatMap((s) => s.map((p) => p[0])))].sort();
  const last = allDates[allDates.length - 1];
  const start = `${Number(last.slice(0, 4)) - 2}${last.slice(4)}`;
  const window = allDates.filter((d) => d > start);
  const aligned = new Map(
    [...hk].map(([sym, s]) => {
      const m = new Map(s);
      return [sym, returns(window.map((d) => m.get(d) ?? null))];
    }),
  );
  const marketHk = window.slice(1).map((_, i) => {
    const day = [...aligned.values()].map((r) => r[i]).filter((v) => v !== null);
    return day.length >= 20 ? day.reduce((s, v) => s + v, 0) / day.length : null;
  });
  for (const [symbol, series] of hk) {
    const fit = regression(aligned.get(symbol), marketHk);
    const inWindow = series.filter((p) => p[0] > start);
    if (fit) {
      stats.push({
        symbol,
        from: inWindow[0][0],
        to: inWindow[inWindow.length - 1][0],
        observations: fit.n,
        beta_raw: round(fit.beta),
        beta_se: round(fit.se),
        beta_blume: round(0.67 * fit.beta + 0.33),
        volatility: round(fit.volatility),
        market: '恒生指數 83 隻成份股的等權平均日回報',
      });
    }
    for (const [date, close] of weekly(series)) closes.push({ symbol, date, close: round(close, 2) });
  }
  writeFileSync(
    path.join(out, 'prices', 'price-stats.csv'),
    toCsv(['symbol', 'from', 'to', 'observations', 'beta_raw', 'beta_se', 'beta_blume', 'volatility', 'market'], stats),
  );
  writeFileSync(path.join(out, 'prices', 'weekly-closes.csv'), toCsv(['symbol', 'date', 'close'], closes));
  return { stats: stats.length, closes: closes.length };
}

mkdirSync(path.join(out, 'valuation'), { recursive: true });
mkdirSync(path.join(out, 'prices'), { recursive: true });
console.log({ industries: industries(), countries: countryRisk(), ...priceTables() });
