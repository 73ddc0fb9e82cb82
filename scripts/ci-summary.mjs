// Adds up the JSON reports of the CI steps into one closing line: 'ci: N passed, N failed'. Each
// failed test is named above that line, with the start of its message: the summary is the part of
// a long run's output that is always read, so a failure there says where to look.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;
const failures = [];
const flakyTests = [];
const failedRuns = new Set();
const firstLines = (message) =>
  String(message ?? '')
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .slice(0, 6)
    .map((line) => `    ${line}`)
    .join('\n');

// vitest: testResults[].assertionResults[]; Playwright: suites nested to specs[].tests[].results[].
function playwrightFailures(suite, titles) {
  const path_ = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'unexpected' || test.status === 'flaky') {
        const error = test.results?.find((result) => result.error)?.error;
        (test.status === 'flaky' ? flakyTests : failures).push(
          `${[...path_, spec.title].join(' › ')} [${test.projectName}] (${test.status})\n${firstLines(error?.message)}`,
        );
      }
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, path_);
}

const reports = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
for (const file of reports.filter((f) => !f.endsWith('.run-end.json'))) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  if (report.numPassedTests !== undefined) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    if (report.numFailedTests > 0 || report.numFailedTestSuites > 0) failedRuns.add(file.replace(/\.json$/, ''));
    for (const result of report.testResults ?? []) {
      for (const assertion of result.assertionResults ?? []) {
        if (assertion.status === 'failed') {
          failures.push(`${path.relative(process.cwd(), result.name)} › ${assertion.fullName}\n${firstLines(assertion.failureMessages?.[0])}`);
        }
      }
      if (result.status === 'failed' && !(result.assertionResults ?? []).some((a) => a.status === 'failed')) {
        failures.push(`${path.relative(process.cwd(), result.name)} (the file itself)\n${firstLines(result.message)}`);
      }
    }
  } else if (report.stats) {
    passed += report.stats.expected;
    // A flaky test failed once and passed when run again (ADR 0360): named below, not a failure.
    failed += report.stats.unexpected;
    flaky += report.stats.flaky ?? 0;
    skipped += report.stats.skipped;
    for (const suite of report.suites ?? []) playwrightFailures(suite, []);
    // Errors outside any test: a global setup, a web server that did not start.
    for (const error of report.errors ?? []) {
      failed += 1;
      failures.push(`${file}: an error outside any test\n${firstLines(error.message)}`);
    }
  }
  console.log(`${file}: ${JSON.stringify(report.stats ?? { passed: report.numPassedTests, failed: report.numFailedTests })}`);
}
// A vitest run fails on an unhandled error even when every test passed, and on a few other
// things its JSON report does not hold (tests/support/ci-reports.ts).
for (const file of reports.filter((f) => f.endsWith('.run-end.json'))) {
  const runEnd = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const run = file.replace(/\.run-end\.json$/, '');
  for (const error of runEnd.unhandledErrors) {
    failed += 1;
    failures.push(
      `${run}: an unhandled error, outside any test${error.during ? ` (during ${error.during})` : ''}\n${firstLines(error.stack ?? `${error.name}: ${error.message}`)}`,
    );
  }
  if (runEnd.reason !== 'passed' && runEnd.unhandledErrors.length === 0 && !failedRuns.has(run)) {
    failed += 1;
    failures.push(`${run}: vitest ended the run ${runEnd.reason}, with no failed test in its report: read that step's log`);
  }
}
if (flakyTests.length > 0) console.log(`\nflaky (failed, then passed when run again):\n${flakyTests.map((f) => `- ${f}`).join('\n')}\n`);
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `- ${f}`).join('\n')}\n`);
console.log(`ci: ${passed} passed, ${failed} failed${flaky ? `, ${flaky} flaky` : ''}${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
