// `npm test`: installs what the tests need, then runs every check of the workspace — lint, types,
// formatting, unit and integration tests, browser tests — and closes with one line counting them.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  assertNodeVersion,
  ensureChromium,
  ensureDebianPackages,
  ensurePnpm,
  installDependencies,
  log,
  root,
  run,
  runHeld,
  runPrefixed,
} from './lib.mjs';
import { readTestReport } from './test-reports.mjs';

assertNodeVersion();
const pnpm = ensurePnpm();
const pnpmRun = (...args) => run(pnpm[0], [...pnpm.slice(1), ...args]);

await installDependencies(pnpm);

const projectDirs = ['packages', 'apps']
  .flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name)))
  .concat(join(root, 'deploy'), join(root, 'e2e'), join(root, 'scripts'));
for (const dir of projectDirs) rmSync(join(dir, 'test-results'), { recursive: true, force: true });

/**
 * The packages with a `test` script by how long their tests took when last measured alone, longest
 * first; a package not named here runs after these. A wrong order costs minutes, never a result.
 */
const PACKAGE_TESTS_BY_LENGTH = [
  'apps/api',
  'apps/dashboard',
  'packages/ui',
  'deploy',
  'packages/api-sdk',
  'apps/test-runner',
  'apps/device-gateway',
  'packages/signalr-hub',
  'packages/screens',
  'apps/signup',
  'packages/testing',
  'apps/burnin',
  'packages/device-client',
  'packages/domain',
  'packages/teltonika',
  'packages/database',
];

const failures = [];
/** The end of each package test run that exited non-zero (see runPackageTests). */
const failedRunEnds = [];
const FAILED_RUN_LINES = 40;
// How long each stage took, printed at the end: the gate is a time budget, so every run shows it.
const started = Date.now();
const stageTimes = [];
const step = async (name, promise) => {
  const since = Date.now();
  if ((await promise) !== 0) failures.push(name);
  stageTimes.push([name, Date.now() - since]);
};
/** A command that runs beside another: its output comes whole, under its name, when it ends. */
const heldCommand = async (name, [command, ...args]) => {
  const since = Date.now();
  const { code, output } = await runHeld(command, args);
  const took = Date.now() - since;
  stageTimes.push([name, took]);
  if (code !== 0) failures.push(name);
  log(`${name}: ${code === 0 ? 'passed' : 'failed'} in ${seconds(took)}`);
  process.stdout.write(output);
};
/** A pnpm command that runs beside another (see heldCommand). */
const heldStep = (name, ...args) => heldCommand(name, [...pnpm, ...args]);

// The services and the browser first: installing a missing Debian package prints.
// The scale set-up's tests start real PostgreSQL, Redis and nginx from Debian's packages.
// nginx's stream module (a package of its own on Debian) proxies the device gateway's TCP.
// prometheus brings promtool, which checks and tests deploy/prometheus's alert rules.
if (
  !(await ensureDebianPackages(['postgresql', 'redis-server', 'nginx', 'libnginx-mod-stream', 'prometheus']))
) {
  failures.push('services for the tests (postgresql, redis-server, nginx, libnginx-mod-stream, prometheus)');
}

// The UI kit's story checks and the consumer app run in Chromium too, not only Playwright.
const chromium = await ensureChromium();

// The static checks and the production builds on two lanes, one per core. One ESLint process over
// the workspace reads one TypeScript program of it all (tsconfig.eslint.json), then the lint rules'
// own tests run. The other lane runs `tsc -b` (each project once, against its dependencies'
// declarations), then Prettier, the three Vite builds and their budgets, which together end about
// when the first lane does. Inside the workspace the packages resolve to their sources, so nothing
// here waits on a build; the apps' bundles are built so a break only Rollup sees still fails the run,
// and the browser tests below run against them. Each command's output is held and printed whole
// when it ends, so the lanes never interleave.
log('Lint (ESLint) beside types, formatting, lint rules, production builds and bundle budgets');
await Promise.all([
  (async () => {
    await heldStep('lint', 'exec', 'eslint', '--max-warnings', '0', '.');
    await heldStep(
      'lint rules',
      'exec',
      'vitest',
      'run',
      '--dir',
      'scripts',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=scripts/test-results/vitest.json',
    );
  })(),
  (async () => {
    await heldStep('typecheck', 'exec', 'tsc', '-b');
    await heldStep('format', 'exec', 'prettier', '--check', '.', '--log-level', 'warn');
    for (const app of ['dashboard', 'signup', 'burnin']) {
      await heldStep(`build ${app}`, '--filter', `@sentinel/${app}`, 'run', 'build');
    }
    await heldStep('bundle budgets', 'exec', 'size-limit');
  })(),
]);

// Every package's tests, two at a time on the two cores (the hub's and live tests measure real
// timeouts and must not starve), the longest first: a free core takes the next package of
// PACKAGE_TESTS_BY_LENGTH, so no long suite starts last and runs alone while the other core idles.
// Output lines carry the package's name, as turbo's do; `pnpm turbo run test` (cached) is the
// developers' command, this run starts from a fresh clone where turbo's cache holds nothing.
log('Unit and integration tests of every package, two at a time, longest first');
// One api test host for every package's tests and the consumer app, instead of one each (each
// start loads the api and seeds its template again, about 4 CPU-seconds).
const sharedHost = await startSharedTestHost();
if (sharedHost === undefined) failures.push('the shared api test host');
await step('package tests', runPackageTests());

// Types and lint of e2e were checked with the workspace's above; the tests run against the
// production builds just made (e2e/README.md), so straight through pnpm rather than turbo, whose
// cache of e2e's task would not see a change in an app.
// Beside them, at the lowest CPU priority (nice 19), the packages other teams install, as they get
// them: packed with pnpm, checked by publint and are-the-types-wrong, installed with npm into a fresh
// Vite app that runs against a real api (packages/consumer-test). The browser tests leave a part of
// the cores idle while they wait on pages and timers; the consumer test, which mostly waits on npm
// and has no timing to keep, takes only that part, so the browser tests' timings stay theirs.
log('Browser tests (Playwright in Debian Chromium), beside the consumer app at the lowest priority');
if (chromium) {
  const lowest = existsSync('/usr/bin/nice') ? ['/usr/bin/nice', '-n', '19'] : [];
  await Promise.all([
    step('browser tests', pnpmRun('--filter', '@sentinel/e2e', 'run', 'test')),
    heldCommand('consumer test', [
      ...lowest,
      ...pnpm,
      '--filter',
      '@sentinel/consumer-test',
      'run',
      'consumer',
    ]),
  ]);
} else {
  failures.push('browser tests and consumer test (no Chromium)');
}

sharedHost?.stop();

log('Stage times');
for (const [name, ms] of stageTimes) console.log(`  ${name.padEnd(22)} ${seconds(ms)}`);
console.log(`  ${'whole run'.padEnd(22)} ${seconds(Date.now() - started)}`);

// Add up the JSON reports each runner wrote.
let passed = 0;
let failed = 0;
let skipped = 0;
const rows = [];
const failedTests = [];
for (const dir of projectDirs) {
  const report = readTestReport(dir);
  if (report === null) continue;
  rows.push([dir, report.counts]);
  failedTests.push(...report.failedTests);
}
log('Test counts');
for (const [dir, row] of rows) {
  passed += row.p;
  failed += row.f;
  skipped += row.s;
  console.log(
    `  ${dir.slice(root.length + 1).padEnd(22)} ${row.p} passed, ${row.f} failed${row.s ? `, ${row.s} skipped` : ''}`,
  );
}
if (failedTests.length > 0) {
  log('Failed tests');
  for (const test of failedTests) console.log(test);
}
if (failedRunEnds.length > 0) {
  log('Package test runs that failed');
  for (const end of failedRunEnds) console.log(end);
}
if (failures.length > 0) console.log(`\nFailed steps: ${failures.join(', ')}`);
if (failures.length > 0 && failed === 0) failed = failures.length;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);

function seconds(ms) {
  return `${(ms / 1000).toFixed(0)} s`;
}

async function runPackageTests() {
  const withTests = projectDirs
    .map((dir) => dir.slice(root.length + 1))
    .filter((dir) => dir !== 'e2e' && dir !== 'scripts')
    .filter((dir) => {
      const manifest = join(root, dir, 'package.json');
      return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).scripts?.test !== undefined;
    });
  const rank = (dir) => {
    const at = PACKAGE_TESTS_BY_LENGTH.indexOf(dir);
    return at === -1 ? PACKAGE_TESTS_BY_LENGTH.length : at;
  };
  const queue = withTests.sort((a, b) => rank(a) - rank(b));
  const times = [];
  const failed = [];
  const lane = async () => {
    for (let dir = queue.shift(); dir !== undefined; dir = queue.shift()) {
      const { name } = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
      const since = Date.now();
      // The last lines of each run: a runner can fail with every test passed (an unhandled error,
      // a teardown that throws), and CI keeps only the end of the log, so a failure repeats them.
      const lastLines = [];
      const code = await runPrefixed(pnpm[0], [...pnpm.slice(1), 'run', 'test'], {
        cwd: join(root, dir),
        prefix: `${name}:test: `,
        onLine: (line) => {
          lastLines.push(line);
          if (lastLines.length > FAILED_RUN_LINES) lastLines.shift();
        },
      });
      times.push([name, Date.now() - since]);
      if (code !== 0) failed.push(name);
      if (code !== 0)
        failedRunEnds.push(`  ${name} (exit ${code}), its last lines:\n${lastLines.join('\n')}`);
    }
  };
  await Promise.all([lane(), lane()]);
  times.sort((a, b) => b[1] - a[1]);
  console.log('  Package tests by time:');
  for (const [name, ms] of times) console.log(`    ${name.padEnd(26)} ${seconds(ms)}`);
  if (failed.length > 0) console.log(`  Failed: ${failed.join(', ')}`);
  return failed.length === 0 ? 0 : 1;
}

/**
 * Starts `@sentinel/testing`'s shared test host and puts its URL in SENTINEL_TEST_HOST_URL, which
 * every test run started after it inherits (startTestHost then uses it and leaves it running).
 * Resolves undefined when it does not start: every run then starts a host of its own.
 */
async function startSharedTestHost() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/test-host-cli.ts'], {
    cwd: join(root, 'packages', 'testing'),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const found = /Sentinel shared test host listening on (\S+)/.exec(output)?.[1];
      if (found !== undefined) resolve(found);
    });
    child.once('exit', () => resolve(undefined));
  });
  if (url === undefined) return undefined;
  child.stdout.resume();
  process.env.SENTINEL_TEST_HOST_URL = url;
  // The host ends, with every api it still runs, when its standard input closes.
  return {
    stop: () => {
      delete process.env.SENTINEL_TEST_HOST_URL;
      child.stdin.end();
    },
  };
}
