import fs from 'node:fs';
import path from 'node:path';
import { ERROR_CODES } from './error-codes';

const ROOT = path.join(__dirname, '..', '..', '..');

/**
 * The code of every error a service or the gateway constructs: `new AppError(status, 'CODE'`, a
 * helper's `'CODE')` (or `'CODE',\n)` when the formatter breaks the call), `code: 'CODE'`.
 */
const CODE =
  /AppError\(\s*\d+\s*,\s*'([A-Z][A-Z0-9_]+)'|(?:badRequest|unauthorized|forbidden|notFound|conflict|serviceUnavailable)\((?:[^()]|\([^()]*\))*?,\s*'([A-Z][A-Z0-9_]+)'\s*,?\s*\)|\bcode:\s*'([A-Z][A-Z0-9_]+)'/g;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the list of error codes', () => {
  it('holds every code the services and the gateway answer with, each once', () => {
    const dirs = [
      path.join(ROOT, 'gateway', 'src'),
      ...['platform', 'auth', 'billing', 'analysis', 'content', 'admin'].map((s) => path.join(ROOT, 'services', s, 'src')),
    ];
    const used = new Map<string, string>();
    for (const file of dirs.flatMap(sources)) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(CODE)) {
        const code = match[1] ?? match[2] ?? match[3];
        // Node's own error codes (ETIMEDOUT, ECONNRESET) are matched on, not answered with.
        if (code && !/^E[A-Z]+$/.test(code)) used.set(code, path.relative(ROOT, file));
      }
    }
    const known = new Set<string>(ERROR_CODES);
    const missing = [...used].filter(([code]) => !known.has(code)).map(([code, file]) => `${code} (${file})`);
    expect(missing).toEqual([]);
    expect(known.size).toBe(ERROR_CODES.length);
  });

  it('has only English upper-case codes', () => {
    for (const code of ERROR_CODES) expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
  });
});
