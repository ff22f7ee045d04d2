// `pnpm bench:web`: Lighthouse on the production build, as a visitor meets it. Builds the three
// apps, starts `npm run serve` (nginx or the Node static server, the api with NODE_ENV=production on
// a fresh demo database), signs in through the login screens in Debian's Chromium, and runs
// Lighthouse (desktop preset) on /login, the client list, view account, sign-up step 1 and the
// burn-in bench, printing performance, accessibility and best-practices in one table.
// --assert exits 1 when an accessibility or best-practices score is under 95 (performance depends
// on the machine's load, so it is printed only).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath, ensurePnpm, log, root, runOrExit, waitUntilUp } from './lib.mjs';

const DASHBOARD = 'http://localhost:5173';
const SIGNUP = 'http://localhost:5174';
const BURNIN = 'http://localhost:5175';
const API = 'http://localhost:5080';
const MINIMUM = 95;

const pnpm = ensurePnpm();
const assert = process.argv.includes('--assert');
// Lighthouse drives Chromium through its own puppeteer-core; the sign-in uses the same one.
const fromLighthouse = createRequire(createRequire(import.meta.url).resolve('lighthouse'));
const { default: lighthouse } = await import('lighthouse');
const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
const puppeteer = fromLighthouse('puppeteer-core');
// The demo Admin, from the api's own seed list (TypeScript, loaded through tsx).
const { register } = await import('tsx/esm/api');
register();
const { DEMO_SIGN_INS } = await import('../apps/api/src/db/seed/users.ts');
const ADMIN = DEMO_SIGN_INS.find((demo) => demo.role === 'Admin');

if (!process.argv.includes('--no-build')) {
  log('Production builds of the apps (vite build)');
  // Inside the workspace the apps build from the packages' sources, as in npm test.
  for (const app of ['dashboard', 'signup', 'burnin']) {
    await runOrExit(pnpm[0], [...pnpm.slice(1), '--filter', `@sentinel/${app}`, 'run', 'build']);
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-bench-web-'));
// The demo Admin signs in with the password alone: the pages are measured, not sign-in's second
// factor (which NODE_ENV=production turns on).
const env = {
  ...process.env,
  DATABASE_FILE: join(dataDir, 'sentinel.db'),
  SIMULATOR: 'off',
  MFA_REQUIRED: 'off',
};
log('A fresh demo database (db:setup)');
await runOrExit(pnpm[0], [...pnpm.slice(1), '--filter', '@sentinel/api', 'db:setup'], { env });

log('npm run serve');
const serve = spawn(process.execPath, [join(root, 'scripts', 'serve.mjs')], {
  cwd: root,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});
const stopServe = () => {
  try {
    process.kill(-serve.pid, 'SIGINT');
  } catch {
    // Already gone.
  }
};
process.on('exit', () => {
  stopServe();
  rmSync(dataDir, { recursive: true, force: true });
});
for (const url of [`${API}/health`, DASHBOARD, SIGNUP, BURNIN]) {
  if (!(await waitUntilUp(url))) throw new Error(`${url} did not answer`);
}

const browser = await puppeteer.launch({
  executablePath: chromiumPath,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  defaultViewport: null,
});

/** Signs in on an app's login screen as a person would. */
async function signIn(page, url) {
  await page.goto(url);
  await page.locator('input[type="email"]').fill(ADMIN.email);
  await page.locator('input[type="password"]').fill(ADMIN.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForFunction(() => localStorage.getItem('authorised-user') !== null);
}

const rows = [];
try {
  const page = await browser.newPage();
  await signIn(page, `${DASHBOARD}/login`);
  // The demo Account-Holder, the fourth user db:setup adds (as the browser tests use it).
  const viewAccount = `${DASHBOARD}/agent/clients/4/account/view`;
  await signIn(page, BURNIN);

  const audits = [
    ['login', `${DASHBOARD}/login`, false],
    ['client list', `${DASHBOARD}/agent/clients/all`, true],
    ['view account', viewAccount, true],
    ['sign-up step 1', `${SIGNUP}/sign-up`, false],
    ['burn-in bench', BURNIN, true],
  ];
  for (const [name, url, signedIn] of audits) {
    // Signed-out pages in a fresh context; signed-in ones keep the session's local storage.
    const context = signedIn ? undefined : await browser.createBrowserContext();
    const auditPage = context ? await context.newPage() : page;
    const result = await lighthouse(
      url,
      { logLevel: 'error', output: 'json', disableStorageReset: signedIn },
      desktopConfig,
      auditPage,
    );
    const { categories } = result.lhr;
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
    // What costs accessibility or best-practices points (SEO's are not among the three scores).
    const failing = ['accessibility', 'best-practices']
      .flatMap((id) => categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (result.lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    rows.push({
      name,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      failing,
    });
    await context?.close();
  }
} finally {
  await browser.close();
}

console.log('\nLighthouse 12, desktop preset, production build');
console.log(`${'page'.padEnd(16)} performance  accessibility  best-practices`);
for (const row of rows) {
  console.log(
    `${row.name.padEnd(16)} ${String(row.performance).padStart(11)}  ${String(row.accessibility).padStart(13)}  ${String(row.bestPractices).padStart(14)}` +
      (row.failing.length > 0 ? `   failing: ${row.failing.join(', ')}` : ''),
  );
}
const low = rows.filter((row) => row.accessibility < MINIMUM || row.bestPractices < MINIMUM);
if (low.length > 0) {
  console.log(`\nUnder ${MINIMUM}: ${low.map((row) => row.name).join(', ')}`);
}
stopServe();
process.exit(assert && low.length > 0 ? 1 : 0);
