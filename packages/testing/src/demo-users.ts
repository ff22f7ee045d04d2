import { DEMO_SIGN_INS } from '@sentinel/api';
import type { DemoSignIn } from '@sentinel/api';
import type { RoleName } from '@sentinel/domain';

/** A role with a seeded demo account. */
export type DemoRole = RoleName;

/** The seeded demo account of this role (email, password, name). */
export function demoSignIn(role: DemoRole): DemoSignIn {
  const account = DEMO_SIGN_INS.find((item) => item.role === role);
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
