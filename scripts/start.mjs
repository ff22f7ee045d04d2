// `npm start`: installs everything, creates and seeds the embedded SQLite database (idempotent),
// starts the api, the burn-in test runner and the three apps, and prints their URLs and demo sign-ins.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  assertNodeVersion,
  ensurePnpm,
  exitIfPortsTaken,
  installDependencies,
  log,
  root,
  runOrExit,
  startService,
  waitUntilUp,
} from './lib.mjs';

assertNodeVersion();
const pnpm = ensurePnpm();
await installDependencies(pnpm);

log('Creating and seeding the database (kept between runs)');
await runOrExit(pnpm[0], [...pnpm.slice(1), '--filter', '@sentinel/api', 'db:setup']);

const services = [
  { name: 'api', pkg: '@sentinel/api', script: 'start', port: 5080, path: '/health', colour: 36 },
  {
    name: 'test-runner',
    pkg: '@sentinel/test-runner',
    script: 'start',
    port: 5090,
    path: '/health',
    colour: 35,
  },
  { name: 'dashboard', pkg: '@sentinel/dashboard', script: 'dev', port: 5173, path: '/', colour: 32 },
  { name: 'signup', pkg: '@sentinel/signup', script: 'dev', port: 5174, path: '/', colour: 33 },
  { name: 'burnin', pkg: '@sentinel/burnin', script: 'dev', port: 5175, path: '/', colour: 34 },
];

await exitIfPortsTaken(services);

// The test-runner accepts the api's access tokens, so both get the same signing key: JWT_SECRET if
// set, else the one the api keeps beside its database (created here on a first run, as the api would).
function sharedJwtSecret() {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  const databaseFile = resolve(root, 'apps/api', process.env.DATABASE_FILE ?? '.data/sentinel.db');
  const file = join(dirname(databaseFile), 'jwt-secret');
  if (existsSync(file) && readFileSync(file, 'utf8').trim() !== '') return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
const jwtSecret = sharedJwtSecret();

log('Starting the servers and apps');
for (const service of services) {
  startService({
    name: service.name,
    colour: service.colour,
    command: pnpm[0],
    args: [...pnpm.slice(1), '--filter', service.pkg, service.script],
    // The servers log warnings only, so the apps' output and the banner stay readable.
    env: { LOG_LEVEL: 'warn', ...process.env, PORT: String(service.port), JWT_SECRET: jwtSecret },
  });
}

const up = await Promise.all(
  services.map(({ port, path }) => waitUntilUp(`http://localhost:${port}${path}`)),
);
const banner = await new Promise((resolve) => {
  let out = '';
  const child = spawn(pnpm[0], [...pnpm.slice(1), 'exec', 'tsx', 'scripts/demo-sign-ins.ts'], { cwd: root });
  child.stdout.on('data', (chunk) => (out += chunk));
  child.on('exit', () => resolve(out));
});

console.log('\n\x1b[1mSentinel is running\x1b[0m');
services.forEach((service, i) =>
  console.log(
    `  ${service.name.padEnd(12)} http://localhost:${service.port}${up[i] ? '' : '   (not answering yet)'}`,
  ),
);
console.log(`  OpenAPI      http://localhost:5080/openapi.json`);
console.log(banner);
console.log('Press Ctrl+C to stop everything.');
