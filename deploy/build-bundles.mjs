/**
 * Builds the backend image's JavaScript (deploy/Dockerfile runs it; so can you, to measure):
 * one esbuild bundle per process entry point in dist/, and the few packages the bundles load
 * at run time copied, file by file, to dist/node_modules as @vercel/nft traces them.
 *
 *   node deploy/build-bundles.mjs      -> dist/gateway.js, dist/auth.js, ..., dist/node_modules
 * What is left out of the bundles, and why: deploy/node-bundle.mjs.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeFileTrace } from '@vercel/nft';
import { build } from 'esbuild';
import { EXTERNAL, sourceDirname } from './node-bundle.mjs';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'dist');

export const ENTRY_POINTS = {
  gateway: 'gateway/src/main.ts',
  auth: 'services/auth/src/main.ts',
  billing: 'services/billing/src/main.ts',
  analysis: 'services/analysis/src/main.ts',
  'analysis-worker': 'services/analysis/src/worker.ts',
  content: 'services/content/src/main.ts',
  admin: 'services/admin/src/main.ts',
  migrate: 'services/platform/src/cli/migrate.ts',
  'replay-dead-letters': 'services/platform/src/cli/replay-dead-letters.ts',
  'make-admin': 'services/auth/src/cli/make-admin.ts',
  'load-stocks': 'services/analysis/src/cli/load-stocks.ts',
};

const sourceDir = sourceDirname(1);

rmSync(OUT, { recursive: true, force: true });
await build({
  entryPoints: Object.fromEntries(Object.entries(ENTRY_POINTS).map(([name, entry]) => [name, path.join(ROOT, entry)])),
  outdir: OUT,
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'cjs',
  sourcemap: 'linked',
  external: EXTERNAL,
  logLevel: 'warning',
  // Minified (a third of the size), with source maps for readable stack traces
  // (node --enable-source-maps) and class and function names kept, since logs name them.
  minify: true,
  keepNames: true,
  banner: sourceDir.banner,
  plugins: [sourceDir.plugin],
});

const bundles = Object.keys(ENTRY_POINTS).map((name) => path.join(OUT, `${name}.js`));
const { fileList } = await nodeFileTrace(bundles, { base: ROOT });
// Whole packages, not only the traced files: a package's conditional exports can name files
// that tracing does not follow (seen: async-function's require.mjs).
const packages = new Set();
for (const file of fileList) {
  const match = /^((?:node_modules\/(?:@[^/]+\/)?[^/]+\/)+)/.exec(file);
  if (match) packages.add(match[1].slice(0, -1));
}
for (const dir of packages) cpSync(path.join(ROOT, dir), path.join(OUT, dir), { recursive: true, dereference: true });
const size = (dir) => Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]);
const bundleBytes = bundles.reduce((sum, file) => sum + statSync(file).size, 0);
console.log(
  `bundles: ${(bundleBytes / 1e6).toFixed(1)} MB (${bundles.length}); dist/node_modules: ${packages.size} packages, ${(size(path.join(OUT, 'node_modules')) / 1e6).toFixed(1)} MB`,
);
