import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, SerializedError, TestModule, TestRunEndReason } from 'vitest/node';

/**
 * The reporters of a vitest run. In CI (CI_RESULTS_DIR set) the run also writes, for
 * scripts/ci-summary.mjs to add up:
 * - `<name>.json`, vitest's JSON report: the tests and their results;
 * - `<name>.run-end.json`, how the run ended, with its unhandled errors. vitest fails a run on
 *   an unhandled error even when every test passed, and its JSON report does not say so: without
 *   this file the summary at the end of a CI log read "0 failed" over a failed step.
 */
export function vitestReports(defaultName: string) {
  const resultsDir = process.env.CI_RESULTS_DIR;
  if (!resultsDir) return { reporters: ['default'] };
  const name = process.env.VITEST_JSON_NAME ?? defaultName;
  return {
    reporters: ['default', 'json', new RunEndReporter(path.join(resultsDir, `${name}.run-end.json`))],
    outputFile: { json: path.join(resultsDir, `${name}.json`) },
  };
}

export interface RunEnd {
  reason: TestRunEndReason;
  /** With the test file and test vitest was running when the error was thrown, when it knows. */
  unhandledErrors: { name?: string; message: string; stack?: string; during?: string }[];
}

/** vitest tags an error with the test it was running, when it knows (the keys are vitest's). */
function duringWhat(error: SerializedError): string | undefined {
  const file = typeof error.VITEST_TEST_PATH === 'string' ? path.relative(process.cwd(), error.VITEST_TEST_PATH) : undefined;
  const test = typeof error.VITEST_TEST_NAME === 'string' ? error.VITEST_TEST_NAME : undefined;
  return [file, test].filter(Boolean).join(' › ') || undefined;
}

class RunEndReporter implements Reporter {
  constructor(private readonly file: string) {}

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>, reason: TestRunEndReason) {
    const runEnd: RunEnd = {
      reason,
      unhandledErrors: unhandledErrors.map((error) => ({
        name: error.name,
        message: String(error.message ?? error),
        stack: error.stack,
        during: duringWhat(error),
      })),
    };
    fs.writeFileSync(this.file, JSON.stringify(runEnd, null, 2));
  }
}
