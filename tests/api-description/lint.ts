import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { servedApiDescription } from './served-document';

/**
 * `npm run lint:api`: Redocly CLI's lint (redocly.yaml: the recommended rules, strict) of the
 * API description as the gateway serves it. The document is written where the ignore file
 * (.redocly.lint-ignore.yaml) names it; the exit code is the linter's.
 */
const root = path.join(__dirname, '..', '..');
const file = path.join(root, 'dist', 'api-description', 'openapi.json');
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, JSON.stringify(servedApiDescription(), null, 2));

const lint = spawnSync(
  process.execPath,
  [require.resolve('@redocly/cli/bin/cli.js'), 'lint', path.relative(root, file), '--config', 'redocly.yaml'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
);
process.exitCode = lint.status ?? 1;
