import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts so the Remix plugin never loads under vitest.
export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'jobs/**/*.test.ts', 'contract/**/*.test.ts', 'tests/api/**/*.test.ts'],
    exclude: ['**/*.corpus.test.ts', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
