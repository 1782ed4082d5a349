import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './types';

/** The platform's own migrations (outbox, inbox), applied to every service's database first. */
export const PLATFORM_MIGRATIONS_DIR = path.join(__dirname, '..', '..', 'migrations');

/**
 * Applies the `*.sql` files of `dir` that have not been applied yet, in name order, all in
 * one transaction: when one fails, none of this run's files is applied. Migrations are the
 * only source of a service's schema. Concurrent starts of the same service serialise on an
 * advisory lock, so a file is never applied twice.
 */
export async function migrate(db: Database, dir: string): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('schema_migrations'))");
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const { rows } = await tx.query<{ name: string }>('SELECT name FROM schema_migrations');
    const done = new Set(rows.map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = readFileSync(path.join(dir, file), 'utf8');
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}

/** One lexical unit of SQL as far as splitting is concerned. */
const SQL_TOKEN = new RegExp(
  [
    String.raw`--[^\n]*`, // line comment
    String.raw`/\*[\s\S]*?\*/`, // block comment
    String.raw`(?<![\w$])[Ee]'(?:[^'\\]|\\[\s\S]|'')*'`, // E'...' string, backslash escapes
    String.raw`'(?:[^']|'')*'`, // '...' string
    String.raw`"(?:[^"]|"")*"`, // "quoted identifier"
    String.raw`(?<![\w$])\$([A-Za-z_]\w*)?\$[\s\S]*?\$\1\$`, // $$ body $$ or $tag$ body $tag$
    ';',
    String.raw`[\s\S]`, // anything else, one character at a time
  ].join('|'),
  'g',
);

/**
 * Splits a migration into its statements (without the semicolons), so each can be sent alone
 * (PGlite's extended protocol takes one statement per query). Semicolons inside strings,
 * quoted identifiers, dollar-quoted bodies and comments do not split; comments are dropped.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  const finish = () => {
    if (current.trim()) statements.push(current.trim());
    current = '';
  };
  for (const [token] of sql.matchAll(SQL_TOKEN)) {
    if (token === ';') finish();
    else if (token.startsWith('--')) continue;
    else if (token.startsWith('/*')) current += ' ';
    else current += token;
  }
  finish();
  return statements;
}
