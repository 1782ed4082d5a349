/**
 * One jest run covers every workspace: unit tests, conformance suites, integration tests
 * against the real PostgreSQL/RabbitMQ/Redis, the distributed system test and the browser
 * tests. TypeScript is compiled by SWC (no type checking here: `npm run typecheck` does that).
 */
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  testMatch: ['<rootDir>/{services,gateway,tests,deploy}/**/*.test.ts', '<rootDir>/web/e2e/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  maxWorkers: 2,
  testTimeout: 30000,
};
