import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error'] }],
    },
  },
  {
    files: ['deploy/**/*.ts', 'bench/**/*.ts', 'services/*/src/cli/**/*.ts', 'web/**/*.{ts,tsx}', '**/test/**/*.ts', '**/*.test.ts'],
    rules: { 'no-console': 'off' },
  },
);
