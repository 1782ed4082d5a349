import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
const SRC = path.resolve(__dirname, '..');
// Read from the files: the imported objects are the ones i18next merged the later text into.
const readText = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(SRC, 'locales', name), 'utf8'));
const first = readText('zh-Hant.json');
const later = readText('zh-Hant.later.json');

/** The file an import names, or null for a package. */
function resolveImport(from: string, name: string): string | null {
  const base = name.startsWith('@/') ? path.join(SRC, name.slice(2)) : name.startsWith('.') ? path.resolve(path.dirname(from), name) : null;
  if (!base) return null;
  return (
    [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((file) => fs.existsSync(file) && fs.statSync(file).isFile()) ??
    null
  );
}

/** Every module the entry loads before its first paint: static imports only, not `import()`. */
function firstScreenModules(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !/\.tsx?$/.test(file)) return;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const [, name] of code.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/gm)) {
      const target = resolveImport(file, name!);
      if (target) visit(target);
    }
    for (const [, name] of code.matchAll(/^import\s+'([^']+)'/gm)) {
      const target = resolveImport(file, name!);
      if (target) visit(target);
    }
  };
  visit(entry);
  return [...seen];
}

const has = (text: unknown, key: string): boolean =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined),
      text,
    ) !== undefined;

describe('the text the first screen carries', () => {
  it('holds every key the first screen’s code names (the rest loads with the other screens)', () => {
    const modules = firstScreenModules(path.join(SRC, 'main.tsx'));
    expect(modules.map((file) => path.relative(SRC, file))).toEqual(
      expect.arrayContaining(['app/routes/main.tsx', 'app/layouts/app-header.tsx']),
    );
    const keys = new Set<string>();
    for (const file of modules) {
      const code = fs.readFileSync(file, 'utf8');
      // t('a.b'), and for t(`a.b.${x}`) the part before the first placeholder.
      for (const [, key] of code.matchAll(/\bt\(\s*['`]([\w.]+)/g)) keys.add(key!.replace(/\.$/, ''));
    }
    expect(keys.size).toBeGreaterThan(30);
    const missing = [...keys].filter((key) => !has(first, key));
    expect(missing).toEqual([]);
  });

  it('names no key in both files', () => {
    const leaves = (node: unknown, prefix = ''): string[] =>
      typeof node === 'object' && node !== null && !Array.isArray(node)
        ? Object.entries(node).flatMap(([key, inner]) => leaves(inner, prefix ? `${prefix}.${key}` : key))
        : [prefix];
    const both = leaves(first).filter((key) => has(later, key));
    expect(both).toEqual([]);
  });
});
