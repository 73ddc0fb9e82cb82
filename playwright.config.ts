import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3311);
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `tomekeeper-e2e-${Date.now().toString(36)}`);
process.env.E2E_DATA_DIR = dataDir;

/** Real Chromium (Debian's headless shell, never a download) against the built app on the embedded database. */
export default defineConfig({
  testDir: 'tests/e2e',
  // Safety nets for a loaded machine, not measures: journeys of 40 s on CI ran out of 60 s when the
  // machine was busier, and the API docs' first draw out of 10 s.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // Three browsers at once against the one server (ADR 0217, amended): a test spends most of its
  // time waiting on the page, and with two the whole CI machine was 55% busy (Playwright 1,020 CPU-s
  // in 1,822 s beside the server lane). E2E_WORKERS=1 runs them one at a time.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // On CI a failed test runs once more (ADR 0360): the shared 2-core machine is loaded unevenly, and a
  // test that passes the second time is named as flaky in the summary instead of failing the run.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI_RESULTS_DIR
    ? [['list'], ['json', { outputFile: path.join(process.env.CI_RESULTS_DIR, `${process.env.PLAYWRIGHT_JSON_NAME ?? 'playwright'}.json`) }]]
    : [['list']],
  globalTeardown: './tests/e2e/global-teardown.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // On CI a trace is recorded only when a failed test runs again (ADR 0363): recording one for every
    // test (its screencast and a DOM snapshot per action) cost about a fifth of the browsers' CPU, and a
    // test that fails twice still leaves the trace of its second run.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      // Debian's headless shell of Chromium (package chromium-headless-shell), the build Playwright
      // itself runs headless tests in: the same Blink, without the full browser's UI and compositor
      // work; about a third less CPU than /usr/bin/chromium on the same specs (ADR 0365).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // Every spec is a screen check; what times the server's answers is a bench (bench/ingest/responsive.ts, ADR 0300).
  projects: [{ name: 'screens' }],
  // The server as production starts it (scripts/serve.sh: the compiled dist/main.js, no TypeScript
  // loader compiling the server at every start; ADR 0310), refused when the build is older than the
  // sources. The timeout is how long a start may take on a loaded machine, not a measure of it.
  webServer: {
    command:
      "node scripts/build-stamp.mjs check >/dev/null || { echo 'The build is older than the sources: run npm run build first.' >&2; exit 1; }; exec sh scripts/serve.sh",
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      REMIX_BUILD_DIR: process.env.REMIX_BUILD_DIR ?? 'build',
      ANTHROPIC_API_KEY: '',
      VOYAGE_API_KEY: '',
    },
  },
});
