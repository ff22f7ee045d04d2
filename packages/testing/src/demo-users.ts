import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import type { RoleName } from '@sentinel/domain';
import { serverBundle } from '@sentinel/server-bundle';
import { DEMO_SIGN_INS_ENV } from './test-host';
import { workspaceFolder } from './workspace';

/** A role with a seeded demo account. */
export type DemoRole = RoleName;

/** A demo account anyone may sign in with, as the api seeds it. */
export interface DemoSignIn {
  role: DemoRole;
  email: string;
  password: string;
  /** First name and surname. */
  name: string;
}

/**
 * The seeded demo accounts, one per role. Read from the environment, where the run's test host put
 * them; outside a test run's host (browser tests), asked of the api once per process, and put in
 * the environment for the processes it starts.
 */
export function demoSignIns(): readonly DemoSignIn[] {
  let json = process.env[DEMO_SIGN_INS_ENV];
  if (json === undefined || json === '') {
    json = execFileSync(process.execPath, ['--import', 'tsx', 'src/testing/print-demo-sign-ins.ts'], {
      cwd: workspaceFolder('apps/api'),
      encoding: 'utf8',
    }).trim();
    process.env[DEMO_SIGN_INS_ENV] = json;
  }
  return JSON.parse(json) as DemoSignIn[];
}

/**
 * demoSignIns() without blocking: asks the api in a child process while the caller goes on with
 * other work (the browser tests' set-up starts its servers meanwhile), then keeps the answer in the
 * environment, where demoSignIns() and the processes started afterwards find it.
 */
export async function loadDemoSignIns(): Promise<readonly DemoSignIn[]> {
  if ((process.env[DEMO_SIGN_INS_ENV] ?? '') === '') {
    // From the entry's cached bundle, as the servers start: tsx would compile the api's seed again.
    const api = workspaceFolder('apps/api');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [await serverBundle(api, 'src/testing/print-demo-sign-ins.ts')],
      { cwd: api, encoding: 'utf8' },
    );
    process.env[DEMO_SIGN_INS_ENV] ??= stdout.trim();
  }
  return demoSignIns();
}

/** The seeded demo account of this role (email, password, name). */
export function demoSignIn(role: DemoRole): DemoSignIn {
  const account = demoSignIns().find((item) => item.role === role);
  if (!account) throw new Error(`No demo sign-in for ${role}.`);
  return account;
}

/**
 * Signs the demo user of this role in over HTTP, the way the dashboard does, and returns the
 * access token and user id. Plain fetch, so it works against any running api.
 */
export async function signIn(url: string, role: DemoRole): Promise<{ accessToken: string; userId: number }> {
  const { email, password } = demoSignIn(role);
  const response = await fetch(`${url}/Auth/SignInByEmail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`Sign-in of ${email} answered ${response.status}.`);
  return (await response.json()) as { accessToken: string; userId: number };
}
