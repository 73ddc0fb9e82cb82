import { defineConfig } from 'vitest/config';
import { vitestReports } from './tests/support/ci-reports';

// Several real processes on one PostgreSQL server (MULTI_PROCESS_DATABASE_URL): `npm run
// test:multi-process`, a CI step of its own. It fails, never skips, when the server is missing.
export default defineConfig({
  test: {
    include: ['tests/multi-process/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // In CI each run also writes the reports that scripts/ci-summary.mjs adds up.
    ...vitestReports('vitest-multi-process'),
  },
});
