/**
 * What every esbuild bundle of our server code shares: the image's bundles
 * (deploy/build-bundles.mjs) and the all-in-one's (deploy/build-all-in-one.mjs).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Left out of the bundles, so loaded from node_modules at run time:
 * - express, pg, ioredis, amqplib: OpenTelemetry instruments them by hooking `require`,
 *   which a bundled copy never goes through;
 * - argon2 (a native addon) and PGlite (WebAssembly files next to its code): files a bundler
 *   cannot inline.
 */
export const EXTERNAL = ['express', 'pg', 'pg-native', 'ioredis', 'amqplib', 'argon2', '@electric-sql/pglite'];

/**
 * Our sources find their files (migrations, bundled market data, the built web app) relative
 * to `__dirname`. In a bundle that would be the bundle's folder, so each source file's
 * `__dirname` becomes its own folder under the root, `depth` folders above the bundle: the
 * image keeps those files at their repository paths, and the all-in-one runs in the checkout.
 */
export function sourceDirname(depth) {
  const up = Array.from({ length: depth }, () => "'..'").join(', ');
  return {
    banner: { js: `const __sourceDir = (dir) => require('node:path').join(__dirname, ${up}, dir);` },
    plugin: {
      name: 'source-dirname',
      setup(b) {
        b.onLoad({ filter: /\/(services|gateway|deploy)\/.*\.ts$/ }, async (args) => {
          const text = await readFile(args.path, 'utf8');
          const dir = path.relative(ROOT, path.dirname(args.path)).split(path.sep).join('/');
          return { contents: text.replaceAll('__dirname', `__sourceDir(${JSON.stringify(dir)})`), loader: 'ts' };
        });
      },
    },
  };
}
