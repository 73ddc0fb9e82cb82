import path from 'node:path';
import { defineConfig } from 'vitest/config';

const resultsDir = process.env.CI_RESULTS_DIR;

// Several real processes on one PostgreSQL server (MULTI_PROCESS_DATABASE_URL): `npm run
// test:multi-process`, a CI step of its own. It fails, never skips, when the server is missing.
export default defineConfig({
  test: {
    include: ['tests/multi-process/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    reporters: resultsDir ? ['default', 'json'] : ['default'],
    outputFile: resultsDir ? { json: path.join(resultsDir, 'vitest-multi-process.json') } : undefined,
  },
});
