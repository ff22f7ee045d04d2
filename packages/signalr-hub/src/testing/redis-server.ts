// A throwaway redis-server for tests: a free port on 127.0.0.1, a temporary directory, no
// persistence. Tests of the Redis backplane run against the real server rather than a mock, so
// reconnects, PUBSUB bookkeeping and restarts behave as in production.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RedisServer {
  /** `redis://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty, after `stop()`. */
  start(): Promise<void>;
  /** Stops the server and removes its directory. */
  dispose(): Promise<void>;
}

export interface RedisServerOptions {
  /** @default process.env.REDIS_SERVER, else `redis-server` on the PATH (Debian's /usr/bin/redis-server) */
  binary?: string;
  /** @default 10_000 */
  startTimeoutMs?: number;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function missingBinary(binary: string): Error {
  return new Error(
    `Cannot run ${binary}: the Redis backplane tests need a real redis-server. ` +
      `Install Debian's redis-server (apt-get install redis-server), or set REDIS_SERVER to its path.`,
  );
}

function launch(binary: string, port: number, dir: string, timeoutMs: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    let ready = false;
    const fail = (error: Error) => {
      clearTimeout(timer);
      if (!ready) reject(error);
    };
    child.once('error', (error: NodeJS.ErrnoException) =>
      fail(error.code === 'ENOENT' || error.code === 'EACCES' ? missingBinary(binary) : error),
    );
    child.once('exit', (code) => fail(new Error(`redis-server exited (code ${String(code)}):\n${output}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      if (ready) return;
      output += chunk.toString();
      if (!ready && output.includes('Ready to accept connections')) {
        ready = true;
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (!ready) output += chunk.toString();
    });
  });
}

function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Starts redis-server on a free port; fails with install instructions when it is missing. */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  const binary = options.binary ?? process.env['REDIS_SERVER'] ?? 'redis-server';
  const timeoutMs = options.startTimeoutMs ?? 10_000;
  const dir = await mkdtemp(join(tmpdir(), 'signalr-hub-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  try {
    child = await launch(binary, port, dir, timeoutMs);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const stop = async () => {
    if (child) await terminate(child);
    child = undefined;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    async start() {
      if (child) return;
      child = await launch(binary, port, dir, timeoutMs);
    },
    async dispose() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
