// `npm start`: installs everything, creates and seeds the embedded SQLite database (idempotent),
// starts the api, the burn-in test runner and the three apps, and prints their URLs and demo sign-ins.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { assertNodeVersion, ensurePnpm, installDependencies, log, root, runOrExit } from './lib.mjs';

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

// A port already taken means an earlier run still stands; say so rather than fail half-started.
const portFree = (port) =>
  new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .once('listening', () => probe.close(() => resolve(true)))
      .listen(port, '127.0.0.1');
  });
const taken = [];
for (const service of services) if (!(await portFree(service.port))) taken.push(service);
if (taken.length > 0) {
  for (const { name, port } of taken)
    console.error(`Port ${port} (${name}) is in use: is Sentinel already running?`);
  process.exit(1);
}

// Each service runs in its own process group (pnpm, tsx or vite, and the server under them), so
// stopping a group stops the whole service, however this process ends.
const children = [];
process.on('exit', () => {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => process.exit(0));

log('Starting the servers and apps');
for (const service of services) {
  const child = spawn(pnpm[0], [...pnpm.slice(1), '--filter', service.pkg, service.script], {
    cwd: root,
    // The servers log warnings only, so the apps' output and the banner stay readable.
    env: { LOG_LEVEL: 'warn', ...process.env, PORT: String(service.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const prefix = `\x1b[${service.colour}m${service.name.padEnd(11)}\x1b[0m│ `;
  const forward = (stream) => (chunk) =>
    stream.write(
      chunk
        .toString()
        .replace(/\n(?!$)/g, `\n${prefix}`)
        .replace(/^/, prefix),
    );
  child.stdout.on('data', forward(process.stdout));
  child.stderr.on('data', forward(process.stderr));
  child.on('exit', (code) => {
    console.error(`${prefix}stopped (exit ${code}); stopping everything.`);
    process.exit(code ?? 1);
  });
  children.push(child);
}

async function waitUntilUp({ port, path }) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://localhost:${port}${path}`);
      if (response.status < 500) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

const up = await Promise.all(services.map(waitUntilUp));
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
