import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const workspaceRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The three packages other teams install, by folder under packages/. */
export const PUBLISHED = ['domain', 'api-sdk', 'ui'] as const;
export type Published = (typeof PUBLISHED)[number];

const execFileAsync = promisify(execFile);

/** Runs a command to its end; a non-zero exit rejects with its output attached. */
export async function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  try {
    const { stdout } = await execFileAsync(command, args, {
      cwd,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...env, NO_COLOR: '1' },
    });
    return stdout;
  } catch (caught) {
    // Compilers print their errors on stdout: keep both streams in the failure.
    const { stdout = '', stderr = '' } = caught as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}\n${stdout}\n${stderr}`, { cause: caught });
  }
}

/** The pnpm that runs this script (npm test may have bootstrapped one that is not on PATH). */
export function pnpm(args: string[], cwd: string): Promise<string> {
  const execPath = process.env['npm_execpath'];
  return execPath !== undefined && /pnpm/.test(execPath)
    ? run(process.execPath, [execPath, ...args], cwd)
    : run('pnpm', args, cwd);
}

/**
 * The environment without the npm_config_* settings a pnpm script passes down: npm reads those as
 * its own configuration (its user agent included), so npm started inside a pnpm script would
 * otherwise act as if it were pnpm.
 */
export function envWithoutPackageManager(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
}
