// What a test runner's JSON report says: its counts, and each failed test with the first lines of
// why, so the end of `npm test`'s log names what failed (CI keeps only that end). Plain Node.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from './lib.mjs';

/** The terminal's colour codes (ESC [ … m), which runners leave in their messages. */
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The first lines of a failure message, without colours, indented under the test's name. */
function why(message = '') {
  return message
    .replace(COLOURS, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !(line.startsWith('at ') && line.includes('node_modules')))
    .slice(0, 4)
    .map((line) => `      ${line.slice(0, 200)}`)
    .join('\n');
}

/**
 * The report a project's runner wrote in `<dir>/test-results` (vitest.json or playwright.json), or
 * null when it wrote none: counts of passed, failed and skipped tests, and each failure's lines.
 */
export function readTestReport(dir) {
  const vitest = join(dir, 'test-results', 'vitest.json');
  const playwright = join(dir, 'test-results', 'playwright.json');
  const failedTests = [];
  if (existsSync(vitest)) {
    const report = JSON.parse(readFileSync(vitest, 'utf8'));
    for (const file of report.testResults ?? []) {
      const tests = file.assertionResults ?? [];
      for (const test of tests) {
        if (test.status === 'failed') {
          failedTests.push(
            `  ${relative(root, file.name)} › ${test.fullName}\n${why(test.failureMessages?.[0])}`,
          );
        }
      }
      // A file that could not run has no tests, only a message.
      if (tests.length === 0 && file.status === 'failed') {
        failedTests.push(`  ${relative(root, file.name)}\n${why(file.message)}`);
      }
    }
    return {
      counts: {
        p: report.numPassedTests,
        f: Math.max(report.numFailedTests, failedTests.length),
        s: report.numPendingTests + report.numTodoTests,
      },
      failedTests,
    };
  }
  if (existsSync(playwright)) {
    const { stats, suites } = JSON.parse(readFileSync(playwright, 'utf8'));
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status !== 'unexpected') continue;
          const error = test.results?.at(-1)?.error?.message;
          failedTests.push(`  ${relative(root, dir)}/${spec.file} › ${spec.title}\n${why(error)}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of suites ?? []) walk(suite);
    return {
      counts: { p: stats.expected + stats.flaky, f: stats.unexpected, s: stats.skipped },
      failedTests,
    };
  }
  return null;
}
