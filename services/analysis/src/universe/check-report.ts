import type { CheckResult } from './validate';

const MARK = { pass: 'ok  ', fail: 'FAIL', warn: 'warn', not_checked: '--  ' } as const;

/**
 * The per-company report of the loader's checks (check:data, load-stocks): one block per
 * company with each rule's outcome and detail, the disagreements resolved by the rule of
 * SOURCES.md, and a closing count.
 */
export function formatCheckReport(
  checks: CheckResult[],
  conflicts: Map<string, string[]> = new Map(),
  options: { onlyFailed?: boolean } = {},
): string {
  const lines: string[] = [];
  const sorted = [...checks].sort((a, b) => a.symbol.localeCompare(b.symbol));
  for (const c of sorted) {
    if (options.onlyFailed && c.passed) continue;
    lines.push(`${c.symbol}  ${c.passed ? 'PASSED' : 'FAILED (no_data)'}`);
    for (const check of c.checks) lines.push(`  ${MARK[check.outcome]} ${check.rule.padEnd(10)} ${check.detail}`);
    for (const note of c.rejectedShares) lines.push(`  note ${note}`);
    for (const note of conflicts.get(c.symbol) ?? []) lines.push(`  note ${note}`);
  }
  const failed = sorted.filter((c) => !c.passed);
  lines.push(
    `${sorted.length} companies checked: ${sorted.length - failed.length} passed, ${failed.length} failed` +
      (failed.length ? ` (${failed.map((c) => c.symbol).join(', ')})` : ''),
  );
  return lines.join('\n');
}
