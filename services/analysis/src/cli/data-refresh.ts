/**
 * Refreshes the bundled market data from Yahoo Finance, writing the files the loader reads:
 *
 *   npm run data:refresh -- --market hk                      # every Hang Seng constituent
 *   npm run data:refresh -- --market us --symbols AAPL,MSFT  # some S&P 500 rows
 *
 * Then `npm run check:data` (the loader's checks, company by company) and `npm run load-stocks`
 * (or a restart). Needs internet access to Yahoo (or YAHOO_BASE_URL pointing at a proxy or a
 * stand-in). What it writes: src/market-data/refresh.ts and data/market/SOURCES.md.
 */
import path from 'node:path';
import { createLogger } from '@stockai/platform';
import { refreshBundle } from '../market-data/refresh';
import { createYahooClient } from '../market-data/yahoo-client';

export function parseRefreshArgs(argv: string[]): { market: 'hk' | 'us'; symbols?: string[]; dataDir?: string } {
  const value = (flag: string) => {
    const at = argv.indexOf(flag);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const market = value('--market');
  if (market !== 'hk' && market !== 'us')
    throw new Error('Usage: npm run data:refresh -- --market hk|us [--symbols 0700.HK,0005.HK] [--data-dir DIR]');
  const symbols = value('--symbols')
    ?.split(/[,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return { market, ...(symbols?.length ? { symbols } : {}), ...(value('--data-dir') ? { dataDir: value('--data-dir') } : {}) };
}

async function main() {
  let args: ReturnType<typeof parseRefreshArgs>;
  try {
    args = parseRefreshArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 2;
    return;
  }
  const logger = createLogger('data-refresh', 'warn');
  const result = await refreshBundle({
    client: createYahooClient({ baseUrl: process.env.YAHOO_BASE_URL, timeoutMs: 15_000, logger }),
    market: args.market,
    symbols: args.symbols,
    dataDir: args.dataDir ?? path.join(__dirname, '..', '..', 'data'),
    log: (line) => console.log(line),
  });
  console.log(
    `Refreshed ${result.refreshed.length} symbols; ${result.failed.length} not refreshed${result.failed.length ? ` (${result.failed.map((f) => f.symbol).join(', ')})` : ''}.`,
  );
  console.log('Next: npm run check:data, then npm run load-stocks (or restart the service).');
  if (result.failed.length && !result.refreshed.length) process.exitCode = 1;
}

if (require.main === module) void main();
