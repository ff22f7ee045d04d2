// Shared plumbing for the workspace's commands (start, serve and test). Plain Node, no dependencies:
// these run on a fresh machine before anything is installed.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '10.34.8';

export function log(message) {
  process.stdout.write(`\n\x1b[1m▸ ${message}\x1b[0m\n`);
}

export function assertNodeVersion() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Node ${process.versions.node} is too old: Sentinel needs Node 20.19 or later.`);
    process.exit(1);
  }
}

function hasPnpm10() {
  try {
    return execFileSync('pnpm', ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).startsWith('10.');
  } catch {
    return false;
  }
}

/** The command that runs pnpm 10: the one on PATH, else one npm installs, else one npx fetches. */
export function ensurePnpm() {
  if (hasPnpm10()) return ['pnpm'];
  log(`Installing pnpm ${PNPM_VERSION} with npm`);
  const global = spawnSync('npm', ['install', '--global', `pnpm@${PNPM_VERSION}`], { stdio: 'inherit' });
  if (global.status === 0 && hasPnpm10()) return ['pnpm'];
  return ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
}

/** Runs a command in the workspace root, streaming its output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
  });
}

/** Runs a command like `run`, each line of its output headed by `prefix`, for commands that run side by side. */
export function runPrefixed(command, args, { prefix, onLine, ...options }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    for (const stream of [child.stdout, child.stderr]) {
      let partial = '';
      stream.on('data', (chunk) => {
        const lines = (partial + chunk.toString()).split('\n');
        partial = lines.pop() ?? '';
        if (lines.length > 0) process.stdout.write(lines.map((line) => `${prefix}${line}\n`).join(''));
        lines.forEach((line) => onLine?.(line));
      });
      stream.on('end', () => {
        if (partial !== '') process.stdout.write(`${prefix}${partial}\n`);
        if (partial !== '') onLine?.(partial);
      });
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`${prefix}${error.message}`);
      resolve(1);
    });
  });
}

/**
 * Runs a command like `run`, but holds its output and hands it back with the exit code, for a
 * command that runs beside another: printed whole when it ends, the two never interleave.
 */
export function runHeld(command, args, options = {}) {
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
      ...options,
    });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }),
    );
    child.on('error', (error) => resolve({ code: 1, output: `${error.message}\n` }));
  });
}

export async function runOrExit(command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) process.exit(code);
}

export async function installDependencies(pnpm) {
  log('Installing dependencies (pnpm install)');
  const frozen = process.env.CI ? ['--frozen-lockfile'] : [];
  await runOrExit(pnpm[0], [...pnpm.slice(1), 'install', ...frozen]);
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
let aptUpdated = false;

function debianPackageInstalled(name) {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Status}', name], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).includes('install ok installed');
  } catch {
    return false;
  }
}

/**
 * Installs the Debian packages that are missing (apt-get update once per run, then one install),
 * when we may: as root with apt-get. Otherwise says what to install. Resolves true when all are there.
 */
export async function ensureDebianPackages(names) {
  const missing = names.filter((name) => !debianPackageInstalled(name));
  if (missing.length === 0) return true;
  if (!isRoot() || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `Debian packages missing: ${missing.join(', ')}. Install them as root ` +
        `(apt-get install ${missing.join(' ')}) or run this command as root on Debian.`,
    );
    return false;
  }
  log(`Installing Debian's ${missing.join(', ')} for the tests`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    if ((await run('apt-get', ['update', '-qq'], { env })) !== 0) return false;
    aptUpdated = true;
  }
  return (
    (await run('apt-get', ['install', '-y', '-qq', ...missing], { env })) === 0 &&
    missing.every(debianPackageInstalled)
  );
}

/** Browser tests drive Debian's Chromium, or the one CHROMIUM_PATH points at. */
export async function ensureChromium() {
  if (existsSync(chromiumPath)) return true;
  if (process.env.CHROMIUM_PATH === undefined && (await ensureDebianPackages(['chromium']))) {
    return existsSync(chromiumPath);
  }
  console.error(
    `Chromium not found at ${chromiumPath}: install Debian's chromium package or set CHROMIUM_PATH.`,
  );
  return false;
}

/** Whether nothing listens on this port of localhost yet. */
export function portFree(port) {
  return new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .once('listening', () => probe.close(() => resolve(true)))
      .listen(port, '127.0.0.1');
  });
}

/** A port already taken means an earlier run still stands; say so rather than fail half-started. */
export async function exitIfPortsTaken(services) {
  const taken = [];
  for (const service of services) if (!(await portFree(service.port))) taken.push(service);
  if (taken.length === 0) return;
  for (const { name, port } of taken)
    console.error(`Port ${port} (${name}) is in use: is Sentinel already running?`);
  process.exit(1);
}

const children = [];
const onStop = [];
let stopHandlersInstalled = false;

/** Runs `cleanup` (synchronous) when this process ends, after the services are signalled. */
export function atStop(cleanup) {
  onStop.push(cleanup);
}

/**
 * Starts a long-running service in its own process group (pnpm, tsx or vite, and the server under
 * them), its output prefixed with its name, so stopping the group stops the whole service however
 * this process ends; when one service stops, everything stops.
 */
export function startService({ name, colour, command, args, env = process.env, cwd = root }) {
  if (!stopHandlersInstalled) {
    stopHandlersInstalled = true;
    process.on('exit', () => {
      for (const child of children) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
      for (const cleanup of onStop) cleanup();
    });
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => process.exit(0));
  }
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const prefix = `\x1b[${colour}m${name.padEnd(11)}\x1b[0m│ `;
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
  return child;
}

/** Resolves true once the URL answers below 500, false after two minutes. */
export async function waitUntilUp(url) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}
