/*
 * The real device gateway (apps/device-gateway) as a process of its own, run from its bundle as
 * `npm start` runs it, for the api's tests that put trackers behind it. A process, not an import:
 * the gateway's own tests start this api, so a package dependency either way would be a cycle.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { serverBundle } from '@sentinel/server-bundle';

const GATEWAY_DIR = fileURLToPath(new URL('../../../../device-gateway/', import.meta.url));

export interface GatewayProcess {
  /** Where trackers connect (Teltonika over TCP) on 127.0.0.1. */
  teltonikaPort: number;
  /** Ends it with SIGTERM (the gateway sends its last spans first) and waits for it. */
  stop(): Promise<void>;
}

/** Starts the gateway against the api with its key; resolves once it listens. */
export async function startGatewayProcess(
  apiUrl: string,
  gatewayKey: string,
  env: Record<string, string> = {},
): Promise<GatewayProcess> {
  const bundle = await serverBundle(GATEWAY_DIR, 'src/index.ts');
  const gateway: ChildProcess = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: GATEWAY_DIR,
    env: {
      ...process.env,
      GATEWAY_KEY: gatewayKey,
      GATEWAY_API_URL: apiUrl,
      GATEWAY_HOST: '127.0.0.1',
      TELTONIKA_PORT: '0',
      OSMAND_PORT: '0',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: gateway.stdout! });
  const teltonikaPort = await new Promise<number>((resolve, reject) => {
    gateway.once('exit', (code) => reject(new Error(`The gateway exited (${code}) before it listened.`)));
    lines.on('line', (line) => {
      const found = /Teltonika tcp:\/\/[^\s:]+:(\d+)/.exec(line)?.[1];
      if (found !== undefined) resolve(Number(found));
    });
  });
  // Keep reading, or a full pipe would stall the gateway's writes.
  gateway.stdout!.resume();
  return {
    teltonikaPort,
    async stop() {
      if (gateway.exitCode !== null || gateway.signalCode !== null) return;
      const exited = new Promise((resolve) => gateway.once('exit', resolve));
      gateway.kill('SIGTERM');
      await exited;
    },
  };
}
