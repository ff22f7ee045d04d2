import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serverBundle } from '@sentinel/server-bundle';

export const NGINX = '/usr/sbin/nginx';
export const API_DIR = fileURLToPath(new URL('../../../apps/api', import.meta.url));

/**
 * The arguments for `node` (run in API_DIR) that start the api's `src/server.ts` or run its
 * `src/db-setup.ts`: the workspace's cached bundle of that entry (@sentinel/server-bundle), which
 * starts on about 2.7 CPU seconds where tsx compiling the sources took 6.8, and each stack here
 * starts three.
 */
export async function apiEntry(entry: 'src/server.ts' | 'src/db-setup.ts'): Promise<string[]> {
  return [await serverBundle(API_DIR, entry)];
}

/** A port nobody listens on right now (nginx needs its ports written into its configuration). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
  });
}

/** Runs a command to its end; resolves with its exit code and everything it printed. */
export function runToEnd(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

export interface Running {
  child: ChildProcess;
  output: () => string;
}

/** Starts a long-running process and resolves once `ready` answers true (or rejects if it exits first). */
export function startUntil(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv },
  ready: (output: string) => Promise<boolean>,
  timeoutMs = 60_000,
): Promise<Running> {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const running = { child, output: () => output };
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + timeoutMs;
    const onExit = (code: number | null) => reject(new Error(`${command} exited with ${code}: ${output}`));
    child.once('exit', onExit);
    const poll = async () => {
      if (child.exitCode !== null) return;
      if (await ready(output)) {
        child.off('exit', onExit);
        resolve(running);
      } else if (Date.now() > deadline) {
        child.kill('SIGTERM');
        reject(new Error(`${command} not ready within ${timeoutMs} ms: ${output}`));
      } else setTimeout(() => void poll(), 100);
    };
    void poll();
  });
}

/** Whether a GET of the URL gets any HTTP answer. */
export async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
