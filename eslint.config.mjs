import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const here = (relative) => new URL(relative, import.meta.url).pathname;
const folders = (relative) =>
  fs
    .readdirSync(here(relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The deployable units: each owns its code and talks to the others only over HTTP and the bus. */
const SHARED_PACKAGES = ['platform', 'contracts'];
const SERVICES = folders('./services/').filter((name) => !SHARED_PACKAGES.includes(name));
const FEATURES = folders('./web/src/features/');

/**
 * The architecture, enforced (STYLE.md, ARCHITECTURE.md; checked by tests/lint):
 * - a service (and the gateway) imports only platform, contracts and itself; deploy/, bench/
 *   and tests/ may import services;
 * - platform and contracts import no service;
 * - inside a service, routes → service → repo, one way;
 * - web: shared code (components, hooks, lib) → features → app, and no feature imports another.
 */
const architectureZones = [
  ...[...SERVICES, 'gateway'].flatMap((unit) => {
    const target = unit === 'gateway' ? './gateway' : `./services/${unit}`;
    const others = [...SERVICES.filter((s) => s !== unit).map((s) => `./services/${s}`), ...(unit === 'gateway' ? [] : ['./gateway'])];
    return others.map((from) => ({
      target,
      from,
      message: 'A service imports only @stockai/platform, @stockai/contracts and its own code.',
    }));
  }),
  ...SHARED_PACKAGES.map((shared) => ({
    target: `./services/${shared}`,
    from: [...SERVICES.map((s) => `./services/${s}`), './gateway'],
    message: 'platform and contracts are below every service: they import none.',
  })),
  {
    target: './services/*/src/**/repo.ts',
    from: ['./services/*/src/**/routes.ts', './services/*/src/**/service.ts'],
    message: 'A repository is the bottom layer: routes → service → repo, one way.',
  },
  {
    target: './services/*/src/**/service.ts',
    from: './services/*/src/**/routes.ts',
    message: 'A service does not import routes: routes → service → repo, one way.',
  },
  ...FEATURES.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'A feature imports only components, hooks, lib, types and its own files; app/ wires features together.',
  })),
  {
    target: ['./web/src/components', './web/src/hooks', './web/src/lib'],
    from: ['./web/src/features', './web/src/app'],
    message: 'Shared web code is below the features and the app: imports flow shared → features → app.',
  },
  {
    target: './web/src/features',
    from: './web/src/app',
    message: 'Features do not import the app: imports flow shared → features → app.',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', '**/*.js', '**/*.mjs', '**/*.cjs', 'tests/lint/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error'] }],
    },
  },
  {
    // zod compiles an object schema's parser on its first parse: a schema built and parsed in
    // one expression inside a function (a route handler) pays that on every call.
    files: ['services/*/src/**/*.ts', 'gateway/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            ":function CallExpression[callee.property.name=/^(safeParse|parse)(Async)?$/][callee.object.type='CallExpression'][callee.object.callee.object.name='z']",
          message: 'Build the schema once, at module level, and parse with it here (zod compiles a schema on its first parse).',
        },
      ],
    },
  },
  {
    files: ['deploy/**/*.ts', 'bench/**/*.ts', 'services/*/src/cli/**/*.ts', 'web/**/*.{ts,tsx}', '**/test/**/*.ts', '**/*.test.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, dependencies written in TypeScript are not parsed and no cycle is ever seen.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            here('./tsconfig.json'),
            here('./web/tsconfig.json'),
            here('./web/e2e/tsconfig.json'),
            here('./web/test/tsconfig.json'),
          ],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: here('.'), zones: architectureZones }],
    },
  },
);
