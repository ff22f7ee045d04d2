// The bench's other processes: the gateway started from its own entry (bundled, as the test host
// runs the api), and what Linux says of a process's memory and CPU time (/proc).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { serverBundle } from '@sentinel/testing';

const GATEWAY_FOLDER = fileURLToPath(new URL('..', import.meta.url));
/** /proc's CPU times are in clock ticks: 100 a second on Linux (getconf CLK_TCK). */
const TICKS_PER_SECOND = 100;

export interface GatewayProcess {
  pid: number;
  teltonikaPort: number;
  osmandPort: number;
  stop(): Promise<void>;
}

/** Starts `node <gateway bundle>` with `env` on free ports; resolves once it listens. */
export async function startGatewayProcess(env: Record<string, string>): Promise<GatewayProcess> {
  const bundle = await serverBundle(GATEWAY_FOLDER, 'src/index.ts');
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: GATEWAY_FOLDER,
    env: { ...process.env, TELTONIKA_PORT: '0', OSMAND_PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Ends with the bench, however the bench ends.
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  void exited.then(() => process.off('exit', kill));
  const ports = await new Promise<{ teltonika: number; osmand: number }>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const failed = (code: number | null) =>
      reject(new Error(`The gateway exited (${code}) before it listened.`));
    child.once('exit', failed);
    lines.on('line', (line) => {
      // Warnings come as JSON lines; the banner says where it listens.
      if (!line.startsWith('{')) console.log(`  gateway: ${line}`);
      const found = /Teltonika tcp:\/\/[^:]+:(\d+), OsmAnd http:\/\/[^:]+:(\d+)/.exec(line);
      if (!found) return;
      child.off('exit', failed);
      resolve({ teltonika: Number(found[1]), osmand: Number(found[2]) });
    });
  });
  return {
    pid: child.pid!,
    teltonikaPort: ports.teltonika,
    osmandPort: ports.osmand,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The process's resident memory (VmRSS) in bytes. */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kilobytes === undefined) throw new Error(`No VmRSS for process ${pid}.`);
  return Number(kilobytes) * 1024;
}

/** CPU seconds the process has used, user and system. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The name (field 2) is in parentheses and may hold spaces: count fields after its end.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15, so 11 and 12 after the state (field 3).
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** This process's children that run in `folder` (the api's test host runs in apps/api). */
export function childPidsIn(folder: string): number[] {
  const found: number[] = [];
  for (const task of readdirSync('/proc/self/task')) {
    const children = readFileSync(`/proc/self/task/${task}/children`, 'utf8').trim();
    for (const pid of children === '' ? [] : children.split(' ').map(Number)) {
      if (readlinkSync(`/proc/${pid}/cwd`) === folder) found.push(pid);
    }
  }
  return found;
}
