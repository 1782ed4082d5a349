/**
 * The loader's checks of the compiled Hang Seng figures, company by company:
 * `npm run check:data` (add `-- --failed` for the failing ones only). For each company it
 * prints every rule's outcome (currency, EPS, market cap, period ends) and what was compared;
 * a failing company is loaded without figures (`no_data`, with that reason). Reads the bundled
 * files only: no database. Exits 0: failures are findings about the data, written in the
 * report, not errors of the command.
 */
import { parseBundle, readBundleFiles } from '../universe/bundle';
import { formatCheckReport } from '../universe/check-report';

function main() {
  const { checks, fundamentals } = parseBundle(readBundleFiles());
  const onlyFailed = process.argv.includes('--failed');
  const conflicts = new Map(fundamentals.map((f) => [f.symbol, f.sourceConflicts ?? []]));
  console.log(formatCheckReport(checks, conflicts, { onlyFailed }));
}

main();
