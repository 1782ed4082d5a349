#!/usr/bin/env node
// The JavaScript a first visit downloads: the entry script of web/dist/index.html and every
// chunk it preloads (its static imports), with their gzip and brotli sizes as the gateway sends
// them. Chunks loaded on demand (report charts, profile, admin, payment form) are not counted.
// Usage: node bench/bundle-size.mjs [distDir]   (after `node deploy/build-web.mjs`)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? 'web/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map((m) => m[1]);
let gzip = 0;
let brotli = 0;
let raw = 0;
for (const src of scripts) {
  const bytes = readFileSync(path.join(dist, src));
  raw += bytes.length;
  gzip += zlib.gzipSync(bytes, { level: 9 }).length;
  brotli += zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).length;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`initial JS: ${scripts.length} files, ${kb(raw)} raw, ${kb(gzip)} gzip, ${kb(brotli)} brotli (quality 4, as served)`);
