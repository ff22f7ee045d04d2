// `npm run serve`: the production set-up on one machine, after `npm run build`. The api (one or
// more instances) and the test-runner run with NODE_ENV=production; the built apps are served
// statically with compression and cache headers, by Debian's nginx when it is installed (which
// also balances the api instances) and otherwise by a small Node server (deploy/src/static-server.mjs).
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderNginxConfig } from '../deploy/nginx/render.mjs';
import { localPaymentSettings } from '../deploy/src/local-production.mjs';
import {
  assertNodeVersion,
  atStop,
  ensurePnpm,
  exitIfPortsTaken,
  log,
  root,
  startService,
  waitUntilUp,
} from './lib.mjs';

const NGINX = '/usr/sbin/nginx';
const API_PORT = 5080;
const TEST_RUNNER_PORT = 5090;
const TELTONIKA_PORT = 5027;
const OSMAND_PORT = 5055;
/** Where the api instances listen behind nginx: 5181, 5182, ... */
const INSTANCE_PORT_BASE = 5180;
const apps = [
  { name: 'dashboard', port: 5173, colour: 32 },
  { name: 'signup', port: 5174, colour: 33 },
  { name: 'burnin', port: 5175, colour: 34 },
].map((app) => ({ ...app, root: join(root, 'apps', app.name, 'dist') }));

function refuse(message) {
  console.error(`npm run serve: ${message}`);
  process.exit(1);
}

assertNodeVersion();

const rawInstances = process.env.API_INSTANCES?.trim() || '1';
const instances = Number(rawInstances);
if (!Number.isSafeInteger(instances) || instances < 1 || instances > 16) {
  refuse(`API_INSTANCES must be a whole number from 1 to 16; it is '${rawInstances}'.`);
}
const useNginx = existsSync(NGINX) && process.env.SERVE_NGINX !== 'off';
if (instances > 1) {
  if (!useNginx)
    refuse(
      `API_INSTANCES=${instances} needs nginx in front (${existsSync(NGINX) ? 'SERVE_NGINX is off' : `${NGINX} is not installed`}).`,
    );
  // SQLite is one process's file, and live messages cross instances only through the backplane.
  if (!process.env.DATABASE_URL?.trim()) {
    refuse(
      `API_INSTANCES=${instances} needs DATABASE_URL (PostgreSQL) shared by all instances: SQLite is one process's file.`,
    );
  }
  if (!process.env.REDIS_URL?.trim()) {
    refuse(
      `API_INSTANCES=${instances} needs REDIS_URL: live messages reach the other instances' clients through Redis.`,
    );
  }
}

const unbuilt = apps.filter((app) => !existsSync(join(app.root, 'index.html')));
if (unbuilt.length > 0) {
  refuse(
    `no build of ${unbuilt.map((app) => `apps/${app.name}`).join(', ')} (dist/index.html missing): run npm run build first.`,
  );
}

// Production refuses to start without these; on one machine we know good values.
const env = { LOG_LEVEL: 'warn', ...process.env, NODE_ENV: 'production' };
if (!env.JWT_SECRET?.trim()) {
  env.JWT_SECRET = randomBytes(32).toString('base64url');
  console.log('JWT_SECRET is not set: using a random one for this run (sign-ins end when serve stops).');
}
if (!env.GATEWAY_KEY?.trim()) {
  env.GATEWAY_KEY = randomBytes(32).toString('base64url');
  console.log(
    'GATEWAY_KEY is not set: using a random one for this run, shared by the api and the device gateway.',
  );
}
if (!env.PAYMENT_PROVIDER?.trim()) {
  console.log(
    "PAYMENT_PROVIDER is not set: PayFast's sandbox with its test merchant, which cannot notify this machine (no deposit is paid).",
  );
}
Object.assign(env, localPaymentSettings(env, `http://localhost:${API_PORT}`));
if (!env.CORS_ORIGINS?.trim()) {
  env.CORS_ORIGINS = apps
    .flatMap(({ port }) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`])
    .join(',');
}

const publicPorts = [
  { name: 'api', port: API_PORT },
  { name: 'test-runner', port: TEST_RUNNER_PORT },
  { name: 'device gateway (Teltonika)', port: TELTONIKA_PORT },
  { name: 'device gateway (OsmAnd)', port: OSMAND_PORT },
  ...apps,
];
const instancePorts = useNginx
  ? Array.from({ length: instances }, (_, i) => ({ name: `api ${i + 1}`, port: INSTANCE_PORT_BASE + i + 1 }))
  : [{ name: 'api', port: API_PORT }];
await exitIfPortsTaken(useNginx ? [...publicPorts, ...instancePorts] : publicPorts);

/**
 * METRICS_PORT names the first of consecutive metrics ports, since each process needs a listener of
 * its own: the api instances take it and the next ones, then the test-runner, then the gateway.
 */
const metricsPort = (offset) =>
  (env.METRICS_PORT ?? '') === '' ? {} : { METRICS_PORT: String(Number(env.METRICS_PORT) + offset) };

const pnpm = ensurePnpm();
log(
  useNginx
    ? `Starting ${instances} api instance(s), the test-runner and nginx (NODE_ENV=production)`
    : `Starting the api, the test-runner and the Node static server (NODE_ENV=production; nginx not ${existsSync(NGINX) ? 'used' : 'installed'})`,
);
for (const [i, { name, port }] of instancePorts.entries()) {
  startService({
    name,
    colour: 36,
    command: pnpm[0],
    args: [...pnpm.slice(1), '--filter', '@sentinel/api', 'start'],
    // Only the first instance runs the demo simulator when SIMULATOR=on, so each vehicle moves once.
    env: { ...env, PORT: String(port), ...(i > 0 ? { SIMULATOR: 'off' } : {}), ...metricsPort(i) },
  });
}
startService({
  name: 'test-runner',
  colour: 35,
  command: pnpm[0],
  args: [...pnpm.slice(1), '--filter', '@sentinel/test-runner', 'start'],
  // Bench units known by IMEI speak Teltonika to the gateway started below.
  env: {
    BENCH_GATEWAY: `127.0.0.1:${TELTONIKA_PORT}`,
    ...env,
    PORT: String(TEST_RUNNER_PORT),
    ...metricsPort(instancePorts.length),
  },
});

startService({
  name: 'device-gateway',
  colour: 33,
  command: pnpm[0],
  args: [...pnpm.slice(1), '--filter', '@sentinel/device-gateway', 'start'],
  // On one machine the gateway listens on loopback unless told otherwise; trackers elsewhere need
  // GATEWAY_HOST=0.0.0.0 and, better, GATEWAY_ALLOW_NETWORKS.
  env: {
    GATEWAY_HOST: '127.0.0.1',
    ...env,
    GATEWAY_API_URL: env.GATEWAY_API_URL ?? `http://127.0.0.1:${API_PORT}`,
    TELTONIKA_PORT: String(TELTONIKA_PORT),
    OSMAND_PORT: String(OSMAND_PORT),
    ...metricsPort(instancePorts.length + 1),
  },
});

if (useNginx) {
  // nginx starts once the instances answer, so its log does not fill with refused connections.
  await Promise.all(instancePorts.map(({ port }) => waitUntilUp(`http://127.0.0.1:${port}/health`)));
  const prefix = mkdtempSync(join(tmpdir(), 'sentinel-nginx-'));
  // Started by root, nginx's workers run as nobody: they must reach the prefix and the apps' files.
  chmodSync(prefix, 0o755);
  atStop(() => rmSync(prefix, { recursive: true, force: true }));
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    renderNginxConfig({
      apiInstances: instancePorts.map(({ port }) => `127.0.0.1:${port}`),
      apiListen: API_PORT,
      apps: apps.map(({ port, root: appRoot }) => ({ listen: port, root: appRoot })),
    }),
  );
  startService({
    name: 'nginx',
    colour: 37,
    command: NGINX,
    args: ['-e', 'stderr', '-p', prefix, '-c', conf, '-g', 'daemon off;'],
  });
} else {
  const { buildStaticApp } = await import('../deploy/src/static-server.mjs');
  for (const app of apps) {
    const server = await buildStaticApp({ root: app.root });
    await server.listen({ port: app.port, host: '127.0.0.1' });
  }
}

const checks = [
  { name: 'api', url: `http://localhost:${API_PORT}/health` },
  { name: 'test-runner', url: `http://localhost:${TEST_RUNNER_PORT}/TestRunner/Stations` },
  { name: 'gateway', url: `http://localhost:${OSMAND_PORT}/health` },
  ...apps.map(({ name, port }) => ({ name, url: `http://localhost:${port}/` })),
];
const up = await Promise.all(checks.map(({ url }) => waitUntilUp(url)));

console.log('\n\x1b[1mSentinel is running (production build)\x1b[0m');
checks.forEach(({ name, url }, i) =>
  console.log(`  ${name.padEnd(12)} ${new URL(url).origin}${up[i] ? '' : '   (not answering yet)'}`),
);
console.log(`  ${'Teltonika'.padEnd(12)} 127.0.0.1:${TELTONIKA_PORT} (TCP, the device gateway)`);
console.log(
  `  static files ${useNginx ? `nginx, balancing ${instances} api instance(s)` : 'Node (Fastify)'}`,
);
console.log(
  '\nSign in with the users in the database; `pnpm --filter @sentinel/api db:setup` adds the demo ones.',
);
console.log('Press Ctrl+C to stop everything.');
