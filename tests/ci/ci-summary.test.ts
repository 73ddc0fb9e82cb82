import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, test } from 'vitest';
import type { RunEnd } from '../support/ci-reports';

// scripts/ci-summary.mjs is the last thing a CI log prints, often the only part read: it must
// fail, and say why, whenever a step failed, even when every test in it passed.
const script = path.resolve(import.meta.dirname, '../../scripts/ci-summary.mjs');
const dirs: string[] = [];

async function summarise(reports: Record<string, unknown>): Promise<{ code: number; output: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ci-summary-'));
  dirs.push(dir);
  for (const [name, report] of Object.entries(reports)) fs.writeFileSync(path.join(dir, name), JSON.stringify(report));
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [script, dir]);
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, output: failed.stdout };
  }
}

const vitestReport = (passed: number, failed = 0) => ({
  numPassedTests: passed,
  numFailedTests: failed,
  numFailedTestSuites: 0,
  numPendingTests: 0,
  testResults: [],
});
const runEnd = (errors: RunEnd['unhandledErrors']): RunEnd => ({ reason: 'passed', unhandledErrors: errors });

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the CI summary', () => {
  test('passes when every run passed and none left an unhandled error', async () => {
    const { code, output } = await summarise({
      'vitest.json': vitestReport(3),
      'vitest.run-end.json': runEnd([]),
      'playwright.json': { stats: { expected: 2, unexpected: 0, flaky: 0, skipped: 0 }, suites: [], errors: [] },
    });
    expect(code).toBe(0);
    expect(output).toContain('ci: 5 passed, 0 failed');
  });

  test('fails on an unhandled error in a run whose tests all passed, and names it and the test it came during', async () => {
    const { code, output } = await summarise({
      'vitest-postgres.json': vitestReport(245),
      'vitest-postgres.run-end.json': runEnd([
        { name: 'Error', message: 'write CONNECTION_ENDED', stack: 'Error: write CONNECTION_ENDED\n    at late (x.ts:1:1)', during: 'tests/api/x.test.ts › closes' },
      ]),
    });
    expect(code).toBe(1);
    expect(output).toContain('vitest-postgres: an unhandled error, outside any test (during tests/api/x.test.ts › closes)');
    expect(output).toContain('Error: write CONNECTION_ENDED');
    expect(output).toContain('ci: 245 passed, 1 failed');
  });

  test('fails when vitest ended a run failed with no failed test in its report', async () => {
    const { code, output } = await summarise({ 'vitest.json': vitestReport(3), 'vitest.run-end.json': { reason: 'failed', unhandledErrors: [] } });
    expect(code).toBe(1);
    expect(output).toContain("vitest: vitest ended the run failed, with no failed test in its report: read that step's log");
  });

  test('names a Playwright test that passed when run again as flaky, without failing, and still fails on one that failed twice', async () => {
    const spec = (title: string, status: string) => ({
      title,
      tests: [{ projectName: 'screens', status, results: [{ error: { message: `Error: ${title} timed out` } }, {}] }],
    });
    const report = (specs: unknown[], stats: Record<string, number>) => ({
      stats: { expected: 1, unexpected: 0, flaky: 0, skipped: 0, ...stats },
      suites: [{ title: 'tomes.spec.ts', specs }],
      errors: [],
    });
    const flakyOnly = await summarise({ 'playwright.json': report([spec('uploads', 'flaky')], { flaky: 1 }) });
    expect(flakyOnly.code).toBe(0);
    expect(flakyOnly.output).toContain('flaky (failed, then passed when run again):\n- tomes.spec.ts › uploads [screens] (flaky)');
    expect(flakyOnly.output).toContain('ci: 1 passed, 0 failed, 1 flaky');

    const failedTwice = await summarise({ 'playwright.json': report([spec('uploads', 'unexpected')], { unexpected: 1 }) });
    expect(failedTwice.code).toBe(1);
    expect(failedTwice.output).toContain('failed:\n- tomes.spec.ts › uploads [screens] (unexpected)');
  });

  test("fails on Playwright's errors outside any test", async () => {
    const { code, output } = await summarise({
      'playwright.json': {
        stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 },
        suites: [],
        errors: [{ message: 'Error: Timed out waiting 120000ms from config.webServer.' }],
      },
    });
    expect(code).toBe(1);
    expect(output).toContain('playwright.json: an error outside any test');
    expect(output).toContain('config.webServer');
  });
});
