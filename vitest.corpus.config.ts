import { defineConfig } from 'vitest/config';

// Suites that read ../shared (the SRD corpus, the format fixtures, the eval questions).
// They find it through SHARED_DIR and fail loudly when it is missing.
export default defineConfig({
  test: {
    include: ['**/*.corpus.test.ts'],
    exclude: ['node_modules/**'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
  },
});
