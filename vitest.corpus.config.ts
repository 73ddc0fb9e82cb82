import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { vitestReports } from './tests/support/ci-reports';

// Suites that read ../shared (the SRD corpus, the format fixtures, the eval questions).
// They find it through SHARED_DIR and fail loudly when it is missing.
export default defineConfig({
  test: {
    include: ['**/*.corpus.test.ts'],
    exclude: ['node_modules/**'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // As in vitest.config.ts (ADR 0216).
    isolate: false,
    // Two workers on CI's 2 cores, as in vitest.config.ts.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    globalSetup: ['tests/support/global-setup.ts'],
    // In CI each run also writes the reports that scripts/ci-summary.mjs adds up.
    ...vitestReports('vitest-corpus'),
  },
});
