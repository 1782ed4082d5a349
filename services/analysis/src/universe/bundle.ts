import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseFxTable } from './fx';
import { readHkUniverse } from './sources/hk';
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

export interface BundleFiles {
  text: Record<UniverseFile, string>;
  /** sha-256 over every file: a changed file changes it, so a newer bundle is loaded again. */
  fingerprint: string;
  files: { name: string; sha256: string; asOf: string | null }[];
}

/** Reads the bundled files and fingerprints them (cheap: no parsing). */
export function readBundleFiles(dir = BUNDLED_MARKET_DATA): BundleFiles {
  const text = Object.fromEntries(UNIVERSE_FILES.map((f) => [f, readFileSync(path.join(dir, f), 'utf8')])) as Record<UniverseFile, string>;
  const manifest = JSON.parse(text['manifest.json']) as Record<string, { asOf?: string }>;
  const files = UNIVERSE_FILES.map((name) => ({
    name,
    sha256: createHash('sha256').update(text[name]).digest('hex'),
    asOf: manifest[name]?.asOf ?? null,
  }));
  const fingerprint = createHash('sha256')
    .update(files.map((f) => `${f.name}:${f.sha256}`).join('\n'))
    .digest('hex');
  return { text, fingerprint, files };
}

/** Builds the universe (listings with their classification, and figures) from the bundled files. */
export function parseBundle({ text, files }: BundleFiles): UniverseData {
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
      asOf: { hkexListedCompanies: required('hk/hkex-listed-companies.json') },
    },
    fx,
  );
  return { listings: [...us.listings, ...hk.listings], fundamentals: [...us.fundamentals, ...hk.fundamentals] };
}
