import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { vitestReports } from './tests/support/ci-reports';

// Kept apart from vite.config.ts so the Remix plugin never loads under vitest.
export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'app/**/*.test.ts', 'jobs/**/*.test.ts', 'contract/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/ci/**/*.test.ts'],
    exclude: ['**/*.corpus.test.ts', 'node_modules/**'],
    // Safety nets for CI's loaded machine (three lanes on two cores), not measures: a test that
    // hangs still fails, and what is fast is a bench's to say (ADR 0300).
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Files share their worker's modules instead of importing the app again each (ADR 0216): half
    // the CPU of a run. Every test builds its own database, so no state is meant to cross files.
    isolate: false,
    // vitest's default is one worker less than the cores: a single worker on CI's 2 cores, idle
    // while a file waits on a child process, a job or a timer. Two keep both cores busy.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    globalSetup: ['tests/support/global-setup.ts'],
    // In CI each run also writes the reports that scripts/ci-summary.mjs adds up.
    ...vitestReports('vitest'),
  },
});
