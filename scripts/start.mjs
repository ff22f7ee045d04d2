// `npm start`: installs everything, creates and seeds the embedded SQLite database (idempotent),
// starts the api, the burn-in test runner and the three apps, and prints their URLs and demo sign-ins.
import { spawn } from 'node:child_process';
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
    path: '/TestRunner/Stations',
    colour: 35,
  },
  { name: 'dashboard', pkg: '@sentinel/dashboard', script: 'dev', port: 5173, path: '/', colour: 32 },
  { name: 'signup', pkg: '@sentinel/signup', script: 'dev', port: 5174, path: '/', colour: 33 },
  { name: 'burnin', pkg: '@sentinel/burnin', script: 'dev', port: 5175, path: '/', colour: 34 },
];

await exitIfPortsTaken(services);

log('Starting the servers and apps');
for (const service of services) {
  startService({
    name: service.name,
    colour: service.colour,
    command: pnpm[0],
    args: [...pnpm.slice(1), '--filter', service.pkg, service.script],
    // The servers log warnings only, so the apps' output and the banner stay readable.
    env: { LOG_LEVEL: 'warn', ...process.env, PORT: String(service.port) },
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
