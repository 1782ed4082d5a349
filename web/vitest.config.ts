import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Component and hook tests (Vitest + Testing Library) beside the code, against a real API. */
export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    // Files share the one API; running them one after another keeps a busy machine responsive.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
