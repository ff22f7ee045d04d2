/*
 * The api as its own process, the way `start` runs it (src/server.ts, from the test run's bundle of
 * it: see src/testing/api-bundle.ts), so a test can kill it with SIGKILL: no close hooks, no flush,
 * exactly what a crash or an OOM kill leaves.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { apiEntryArgs } from '../testing/api-entry';

const APP_DIR = fileURLToPath(new URL('../..', import.meta.url));

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** SIGKILL, then resolves once the process is gone. */
  kill(): Promise<void>;
}

/** Starts src/server.ts with `env` on a free port; resolves when it prints its URL. */
export function startApi(env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, apiEntryArgs('server'), {
    cwd: APP_DIR,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SIMULATOR: 'off',
      DEV_OUTBOX: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (match) {
        child.stdout?.off('data', onData);
        resolve({
          url: match[1]!,
          child,
          kill: async () => {
            child.kill('SIGKILL');
            await exited;
          },
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`The api exited (${code}) before listening:\n${output}`)));
  });
}
