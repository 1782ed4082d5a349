#!/usr/bin/env node
// `npm start`'s second step (after deploy/build-web.mjs): bundles the all-in-one server into
// one JavaScript file, dist/all-in-one/all-in-one.js, only when what it is built from changed.
// An unchanged start then loads one prebuilt file instead of compiling and resolving some
// thousand TypeScript modules through tsx (ADR 51). dist/all-in-one/inputs.json records the
// hash of every source file the last bundle was made from (esbuild's own list of its inputs),
// of the lockfile (for everything under node_modules) and of the build scripts.
// Plain JavaScript, and esbuild is imported only to build, so the check itself stays cheap.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist', 'all-in-one');
export const ALL_IN_ONE_BUNDLE = path.join(outDir, 'all-in-one.js');
const stamp = path.join(outDir, 'inputs.json');
const ALWAYS = ['package-lock.json', 'tsconfig.json', 'tsconfig.base.json', 'deploy/build-all-in-one.mjs', 'deploy/node-bundle.mjs'];

function hashOf(relative) {
  try {
    return createHash('sha256')
      .update(readFileSync(path.join(root, relative)))
      .digest('hex');
  } catch {
    return null; // a file gone since the last build: that build is out of date
  }
}

function upToDate() {
  if (!existsSync(ALL_IN_ONE_BUNDLE) || !existsSync(stamp)) return false;
  const { files } = JSON.parse(readFileSync(stamp, 'utf8'));
  return Object.entries(files).every(([file, hash]) => hashOf(file) === hash);
}

async function bundle() {
  const { build } = await import('esbuild');
  const { EXTERNAL, sourceDirname } = await import('./node-bundle.mjs');
  const sourceDir = sourceDirname(2);
  const { metafile } = await build({
    entryPoints: [path.join(root, 'deploy', 'all-in-one.ts')],
    outfile: ALL_IN_ONE_BUNDLE,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    // swagger-ui-dist: the gateway finds its files with require.resolve, which needs the package itself.
    external: [...EXTERNAL, 'swagger-ui-dist'],
    // Not minified, names kept: stack traces and logs read as the sources do.
    keepNames: true,
    minify: true,
    sourcemap: 'linked',
    logLevel: 'warning',
    metafile: true,
    banner: sourceDir.banner,
    plugins: [sourceDir.plugin],
  });
  const sources = Object.keys(metafile.inputs).filter((file) => !file.includes('node_modules/') && !file.includes(':'));
  const files = Object.fromEntries([...ALWAYS, ...sources].map((file) => [file, hashOf(file)]));
  writeFileSync(stamp, `${JSON.stringify({ files }, null, 1)}\n`);
}

if (upToDate() && !process.argv.includes('--force')) {
  console.log('all-in-one up to date (dist/all-in-one), not rebuilt');
} else {
  await bundle();
  console.log('all-in-one bundled into dist/all-in-one');
}
