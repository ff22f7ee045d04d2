// The end of `npm test`'s log names each failed test and why, read from the runners' JSON reports
// (the shapes below are what vitest 4 and Playwright wrote for a failing run).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTestReport } from './test-reports.mjs';

function projectWith(file, report) {
  const dir = mkdtempSync(join(tmpdir(), 'sentinel-report-'));
  mkdirSync(join(dir, 'test-results'));
  writeFileSync(join(dir, 'test-results', file), JSON.stringify(report));
  return dir;
}

describe('given a vitest report with a failed test and a file that could not load', () => {
  const dir = projectWith('vitest.json', {
    numPassedTests: 1,
    numFailedTests: 1,
    numPendingTests: 0,
    numTodoTests: 0,
    testResults: [
      {
        name: '/work/a.test.mjs',
        status: 'failed',
        message: '',
        assertionResults: [
          { fullName: 'given a thing passes', status: 'passed', failureMessages: [] },
          {
            fullName: 'given a thing fails',
            status: 'failed',
            failureMessages: [
              '\u001b[31mAssertionError: expected { a: 1 } to deeply equal { a: 2 }\u001b[39m\n    at /work/a.test.mjs:4:38\n    at file:///work/node_modules/@vitest/runner/dist/chunk-artifact.js:302:11',
            ],
          },
        ],
      },
      { name: '/work/b.test.mjs', status: 'failed', message: 'cannot load', assertionResults: [] },
    ],
  });

  it('counts the file that could not load as a failure too', () => {
    expect(readTestReport(dir).counts).toEqual({ p: 1, f: 2, s: 0 });
  });

  it('names each failure with its first lines, without colours or the runner’s own frames', () => {
    const [test, file] = readTestReport(dir).failedTests;
    expect(test).toMatch(/a\.test\.mjs › given a thing fails\n/);
    expect(test).toContain(
      '      AssertionError: expected { a: 1 } to deeply equal { a: 2 }\n      at /work/a.test.mjs:4:38',
    );
    expect(test).not.toContain('node_modules');
    expect(test).not.toContain('\u001b');
    expect(file).toMatch(/b\.test\.mjs\n {6}cannot load$/);
  });
});

describe('given a Playwright report with an unexpected failure', () => {
  const dir = projectWith('playwright.json', {
    stats: { expected: 1, flaky: 1, unexpected: 1, skipped: 0 },
    suites: [
      {
        title: 'companies.spec.ts',
        specs: [],
        suites: [
          {
            title: 'nested',
            specs: [
              {
                title: 'an Admin sets up a company',
                file: 'companies.spec.ts',
                tests: [
                  {
                    status: 'unexpected',
                    results: [
                      { error: { message: 'first try' } },
                      { error: { message: 'Error: expect(locator).toBeVisible() failed\n\nLocator: x' } },
                    ],
                  },
                ],
              },
              { title: 'passes', file: 'companies.spec.ts', tests: [{ status: 'expected', results: [] }] },
              { title: 'flaky', file: 'companies.spec.ts', tests: [{ status: 'flaky', results: [] }] },
            ],
          },
        ],
      },
    ],
  });

  it('counts a flaky test as passed and names the failure with its last try’s error', () => {
    const { counts, failedTests } = readTestReport(dir);
    expect(counts).toEqual({ p: 2, f: 1, s: 0 });
    expect(failedTests).toHaveLength(1);
    expect(failedTests[0]).toMatch(
      /\/companies\.spec\.ts › an Admin sets up a company\n {6}Error: expect\(locator\)\.toBeVisible\(\) failed\n {6}Locator: x$/,
    );
  });
});

it('answers null for a project whose runner wrote no report', () => {
  expect(readTestReport(mkdtempSync(join(tmpdir(), 'sentinel-report-')))).toBeNull();
});
