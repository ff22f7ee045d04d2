import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { serverBundle } from '@sentinel/server-bundle';

/** Set to 1 to run the servers through tsx from their sources, as `pnpm start` does, not bundled. */
export const FROM_SOURCES_ENV = 'SENTINEL_TEST_SERVERS_FROM_SOURCES';

export interface ServerProcess {
  /** The URL the server printed once it listened. */
  url: string;
  /** Ends the server (SIGTERM) and waits for it to exit. */
  stop: () => Promise<void>;
}

/**
 * Starts a server of the workspace written in TypeScript (`<entry>` in `folder`, from its bundle:
 * see server-bundle.ts; or through tsx when FROM_SOURCES_ENV says so) and resolves with the URL it prints on a line matching `listening`, once it does. The server
 * reads a pipe as its standard input, which closes if this process dies, so a server that watches
 * it ends with us; its output after that line is dropped, its errors go to ours.
 */
export async function startServerProcess(options: {
  folder: string;
  entry: string;
  env: NodeJS.ProcessEnv;
  listening: RegExp;
  name: string;
}): Promise<ServerProcess> {
  const args =
    process.env[FROM_SOURCES_ENV] === '1'
      ? ['--import', 'tsx', options.entry]
      : ['--enable-source-maps', await serverBundle(options.folder, options.entry)];
  const child = spawn(process.execPath, args, {
    cwd: options.folder,
    env: options.env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const failed = (code: number | null) =>
      reject(new Error(`${options.name} exited (${code ?? 'signal'}) before it listened.`));
    child.once('exit', failed);
    child.once('error', reject);
    lines.on('line', (line) => {
      const found = options.listening.exec(line)?.[1];
      if (found === undefined) return;
      child.off('exit', failed);
      lines.close();
      // Keep reading, or a full pipe would stall the server's writes.
      child.stdout!.resume();
      resolve(found);
    });
  });
  child.unref();
  unrefPipes(child);
  return {
    url,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Lets this process end while the child still runs: it ends with us when its input closes. */
function unrefPipes(child: ChildProcess): void {
  for (const stream of [child.stdin, child.stdout]) {
    (stream as unknown as { unref?: () => void } | null)?.unref?.();
  }
}
