#!/usr/bin/env node
// `npm start`'s first step: builds the web app into web/dist only when what it is built from
// changed since the last build (its sources, the shared contracts, the lockfile). An unchanged
// start skips Vite entirely; web/dist/.source-hash records what the build was made from.
// Plain JavaScript so the check itself needs no compiler at start-up.
//
// Always a production build, whatever NODE_ENV the caller has: Vite takes a preset NODE_ENV
// other than `production` for a development build (React's development runtime, and
// `import.meta.env.DEV` true, which opens the API testing page to anyone). Jest sets
// NODE_ENV=test, and a test that ran this script once rebuilt web/dist that way in the middle of
// the browser tests, which then failed (`npm run build:web` wrote no hash, so it always did).
// Usage: node deploy/build-web.mjs [--force] [--out-dir <dir>] (default web/dist).
process.env.NODE_ENV = 'production';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'web');
const outDirArg = process.argv.indexOf('--out-dir');
const dist = outDirArg > 0 ? path.resolve(process.argv[outDirArg + 1]) : path.join(web, 'dist');
const stamp = path.join(dist, '.source-hash');
const shown = dist.startsWith(`${root}${path.sep}`) ? path.relative(root, dist) : dist;
const INPUTS = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/tsconfig.json',
  'web/package.json',
  'services/contracts/src',
  'services/contracts/package.json',
  'package-lock.json',
];

function filesUnder(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => filesUnder(path.join(relative, entry.name)));
}

function sourceHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesUnder)) {
    // Tests beside the code do not go into the bundle.
    if (/\.test\.tsx?$/.test(file)) continue;
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

const hash = sourceHash();
const built = existsSync(path.join(dist, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash;
if (built && !process.argv.includes('--force')) {
  console.log(`web app up to date (${shown}), not rebuilt`);
} else {
  const { build } = await import('vite');
  await build({
    root: web,
    configFile: path.join(web, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    build: { outDir: dist },
  });
  writeFileSync(stamp, `${hash}\n`);
  console.log(`web app built into ${shown}`);
}
