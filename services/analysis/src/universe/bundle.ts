import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseFxTable } from './fx';
import { readHkUniverse } from './sources/hk';
import type { CompiledFiles } from './sources/hk-compiled';
import type { HkPriceFiles } from './sources/hk-prices';
import { readUsUniverse } from './sources/us';
import type { UniverseData } from './types';

/** The market data bundled with the service (provenance in data/market/SOURCES.md). */
export const BUNDLED_MARKET_DATA = path.join(__dirname, '..', '..', 'data', 'market');

/** The files the universe is built from, relative to the data directory. */
export const UNIVERSE_FILES = [
  'us/nasdaq-listed-symbols.csv',
  'us/other-listed.csv',
  'us/sp500-constituents.csv',
  'us/sp500-constituents-financials.csv',
  'us/nasdaq100-constituents.csv',
  'hk/hkex-listed-companies.json',
  'hk/hsi-constituents.csv',
  'hk/hk-fundamentals.csv',
  'hk/hk-fundamentals-notes.csv',
  'hk/financedatabase-hkg.csv',
  'fx-rates.csv',
  'manifest.json',
] as const;
type UniverseFile = (typeof UNIVERSE_FILES)[number];

/** The Hang Seng statements compiled in 2026 (a bundle without them loads the older rows only). */
export const COMPILED_FILES = {
  periods: 'hk/hsi-compiled-2026/periods.csv',
  snapshot: 'hk/hsi-compiled-2026/snapshot.csv',
  balance: 'hk/hsi-compiled-2026/balance.csv',
} as const;

/** Hong Kong companies outside the index compiled the same way, as their peers (a bundle without them has none). */
export const PEER_FILES = {
  periods: 'hk/hk-peers-compiled-2026/periods.csv',
  snapshot: 'hk/hk-peers-compiled-2026/snapshot.csv',
  balance: 'hk/hk-peers-compiled-2026/balance.csv',
} as const;

/** The Hong Kong daily and weekly bars, beside the market directory (data/prices/hk-daily-2026). */
export const hkPricesDir = (marketDir: string) => path.join(marketDir, '..', 'prices', 'hk-daily-2026');

export interface BundleFiles {
  text: Record<UniverseFile, string>;
  /** The compiled Hang Seng statements, when the bundle has them. */
  compiled: CompiledFiles | null;
  /** The compiled peers outside the index, when the bundle has them. */
  peers: CompiledFiles | null;
  /** The Hong Kong bars, when the bundle has them. */
  hkPrices: HkPriceFiles | null;
  /** sha-256 over every file: a changed file changes it, so a newer bundle is loaded again. */
  fingerprint: string;
  files: { name: string; sha256: string; asOf: string | null }[];
}

/** The CSV files of a directory by name without `.csv`. */
function csvFiles(dir: string): Map<string, string> {
  return new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.csv'))
      .sort()
      .map((f) => [f.slice(0, -4), readFileSync(path.join(dir, f), 'utf8')]),
  );
}

/** The Hong Kong bars of a prices directory; null when it has none. */
export function readHkPriceFiles(dir: string): HkPriceFiles | null {
  if (!existsSync(path.join(dir, 'MANIFEST.csv'))) return null;
  return {
    daily: csvFiles(path.join(dir, 'daily')),
    weekly: existsSync(path.join(dir, 'weekly')) ? csvFiles(path.join(dir, 'weekly')) : new Map(),
    manifest: readFileSync(path.join(dir, 'MANIFEST.csv'), 'utf8'),
  };
}

/** Reads the bundled files and fingerprints them (cheap: no parsing). */
export function readBundleFiles(dir = BUNDLED_MARKET_DATA, pricesDir = hkPricesDir(dir)): BundleFiles {
  const text = Object.fromEntries(UNIVERSE_FILES.map((f) => [f, readFileSync(path.join(dir, f), 'utf8')])) as Record<UniverseFile, string>;
  const manifest = JSON.parse(text['manifest.json']) as Record<string, { asOf?: string }>;
  const readCompiledFiles = (names: typeof COMPILED_FILES | typeof PEER_FILES): CompiledFiles | null =>
    existsSync(path.join(dir, names.periods))
      ? {
          periods: readFileSync(path.join(dir, names.periods), 'utf8'),
          snapshot: readFileSync(path.join(dir, names.snapshot), 'utf8'),
          balance: readFileSync(path.join(dir, names.balance), 'utf8'),
        }
      : null;
  const compiled = readCompiledFiles(COMPILED_FILES);
  const peers = readCompiledFiles(PEER_FILES);
  const hkPrices = readHkPriceFiles(pricesDir);
  const hash = (t: string) => createHash('sha256').update(t).digest('hex');
  const files = [
    ...UNIVERSE_FILES.map((name) => ({ name, sha256: hash(text[name]), asOf: manifest[name]?.asOf ?? null })),
    ...(
      [
        [COMPILED_FILES, compiled],
        [PEER_FILES, peers],
      ] as const
    ).flatMap(([names, texts]) =>
      texts
        ? (Object.keys(names) as Array<keyof CompiledFiles>).map((k) => ({
            name: names[k],
            sha256: hash(texts[k]),
            asOf: manifest[names[k]]?.asOf ?? null,
          }))
        : [],
    ),
    // The bars as one entry (87 × 2 files): their manifest names each symbol's dates.
    ...(hkPrices
      ? [
          {
            name: '../prices/hk-daily-2026',
            sha256: hash(
              [
                hkPrices.manifest,
                ...[...hkPrices.daily].map(([s, t]) => `d${s}${hash(t)}`),
                ...[...hkPrices.weekly].map(([s, t]) => `w${s}${hash(t)}`),
              ].join('\n'),
            ),
            asOf: manifest['../prices/hk-daily-2026']?.asOf ?? null,
          },
        ]
      : []),
  ];
  const fingerprint = createHash('sha256')
    .update(files.map((f) => `${f.name}:${f.sha256}`).join('\n'))
    .digest('hex');
  return { text, compiled, peers, hkPrices, fingerprint, files };
}

/** Builds the universe (listings with their classification, and figures) from the bundled files. */
export function parseBundle({ text, files, compiled, peers, hkPrices }: BundleFiles): UniverseData {
  const required = (file: UniverseFile) => {
    const date = files.find((f) => f.name === file)?.asOf ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`data/market/manifest.json: ${file} needs an "asOf" date (YYYY-MM-DD)`);
    return date;
  };

  const fx = parseFxTable(text['fx-rates.csv']);
  const us = readUsUniverse({
    nasdaqListed: text['us/nasdaq-listed-symbols.csv'],
    otherListed: text['us/other-listed.csv'],
    sp500: text['us/sp500-constituents.csv'],
    sp500Financials: text['us/sp500-constituents-financials.csv'],
    nasdaq100: text['us/nasdaq100-constituents.csv'],
    asOf: {
      nasdaqListed: required('us/nasdaq-listed-symbols.csv'),
      otherListed: required('us/other-listed.csv'),
      sp500Financials: required('us/sp500-constituents-financials.csv'),
    },
  });
  const hk = readHkUniverse(
    {
      hkexListedCompanies: text['hk/hkex-listed-companies.json'],
      hsiConstituents: text['hk/hsi-constituents.csv'],
      fundamentals: text['hk/hk-fundamentals.csv'],
      fundamentalsNotes: text['hk/hk-fundamentals-notes.csv'],
      financeDatabase: text['hk/financedatabase-hkg.csv'],
      compiled,
      prices: hkPrices,
      peers,
      asOf: { hkexListedCompanies: required('hk/hkex-listed-companies.json') },
    },
    fx,
  );
  return { listings: [...us.listings, ...hk.listings], fundamentals: [...us.fundamentals, ...hk.fundamentals], checks: hk.checks };
}
