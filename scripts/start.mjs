// `npm start`: installs everything, creates and seeds the embedded SQLite database (idempotent),
// starts the api, the burn-in test runner, the device gateway and the three apps, and prints their
// URLs, the gateway's tracker addresses and the demo sign-ins.
import { spawn } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
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

/** The device gateway's listeners: Teltonika trackers over TCP, OsmAnd (Traccar Client) over HTTP. */
const TELTONIKA_PORT = 5027;
const OSMAND_PORT = 5055;

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
  {
    name: 'gateway',
    pkg: '@sentinel/device-gateway',
    script: 'start',
    port: OSMAND_PORT,
    path: '/health',
    colour: 31,
  },
  { name: 'dashboard', pkg: '@sentinel/dashboard', script: 'dev', port: 5173, path: '/', colour: 32 },
  { name: 'signup', pkg: '@sentinel/signup', script: 'dev', port: 5174, path: '/', colour: 33 },
  { name: 'burnin', pkg: '@sentinel/burnin', script: 'dev', port: 5175, path: '/', colour: 34 },
];

await exitIfPortsTaken([...services, { name: 'gateway, Teltonika', port: TELTONIKA_PORT }]);

/**
 * A secret two services share: the environment's if set, else the one kept beside the api's
 * database (created here on a first run, as the api does its signing key), so it survives restarts.
 */
function keptSecret(name, fileName) {
  if (process.env[name]) return process.env[name];
  const databaseFile = resolve(root, 'apps/api', process.env.DATABASE_FILE ?? '.data/sentinel.db');
  const file = join(dirname(databaseFile), fileName);
  if (existsSync(file) && readFileSync(file, 'utf8').trim() !== '') return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
// The test-runner accepts the api's access tokens, so both get the same signing key.
const jwtSecret = keptSecret('JWT_SECRET', 'jwt-secret');
// The gateway speaks for the trackers with the key the api takes from it.
const gatewayKey = keptSecret('GATEWAY_KEY', 'gateway-key');

/**
 * The api's VAPID key pair for Web Push to staff browsers (P-256, base64url, as web-push's
 * generateVAPIDKeys makes them), kept beside the database like the secrets above: a browser's
 * subscription is bound to the public key, so a new pair would silence every subscribed browser.
 */
function keptVapidKeys() {
  if (process.env.VAPID_PUBLIC_KEY && process.env.VAPID_PRIVATE_KEY) {
    return { publicKey: process.env.VAPID_PUBLIC_KEY, privateKey: process.env.VAPID_PRIVATE_KEY };
  }
  const databaseFile = resolve(root, 'apps/api', process.env.DATABASE_FILE ?? '.data/sentinel.db');
  const file = join(dirname(databaseFile), 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = {
    publicKey: ecdh.getPublicKey('base64url', 'uncompressed'),
    // 32 bytes always: a private key with leading zero bytes comes shorter.
    privateKey: ecdh.getPrivateKey().toString('hex').padStart(64, '0'),
  };
  keys.privateKey = Buffer.from(keys.privateKey, 'hex').toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}
const vapid = keptVapidKeys();

/** What each service is told beside its port and the shared keys. */
const settings = {
  // The demo's Teltonika trackers report through the gateway, as real ones would.
  api: {
    SIMULATOR_GATEWAY: `127.0.0.1:${TELTONIKA_PORT}`,
    // Web Push to staff browsers: the switch on the alarm queue subscribes with this key.
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:control-room@sentinel.demo',
  },
  // The bench's units known by IMEI speak Teltonika to the gateway too.
  'test-runner': { BENCH_GATEWAY: `127.0.0.1:${TELTONIKA_PORT}` },
  gateway: {
    GATEWAY_API_URL: 'http://127.0.0.1:5080',
    TELTONIKA_PORT: String(TELTONIKA_PORT),
    OSMAND_PORT: String(OSMAND_PORT),
  },
};

log('Starting the servers and apps');
for (const service of services) {
  startService({
    name: service.name,
    colour: service.colour,
    command: pnpm[0],
    args: [...pnpm.slice(1), '--filter', service.pkg, service.script],
    // The servers log warnings only, so the apps' output and the banner stay readable.
    env: {
      LOG_LEVEL: 'warn',
      ...settings[service.name],
      ...process.env,
      PORT: String(service.port),
      JWT_SECRET: jwtSecret,
      GATEWAY_KEY: gatewayKey,
    },
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
services.forEach((service, i) => {
  if (service.name === 'gateway') return;
  console.log(
    `  ${service.name.padEnd(12)} http://localhost:${service.port}${up[i] ? '' : '   (not answering yet)'}`,
  );
});
console.log(`  OpenAPI      http://localhost:5080/openapi.json`);
const gatewayUp = up[services.findIndex((service) => service.name === 'gateway')];
console.log(
  `\n\x1b[1mDevice gateway\x1b[0m (trackers report here)${gatewayUp ? '' : '   (not answering yet)'}`,
);
console.log(`  Teltonika TCP  127.0.0.1:${TELTONIKA_PORT}`);
console.log(`  OsmAnd HTTP    http://localhost:${OSMAND_PORT}`);
console.log(banner);
console.log('Press Ctrl+C to stop everything.');
