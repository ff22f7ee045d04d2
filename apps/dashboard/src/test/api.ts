import { inject } from 'vitest';
import { AUTHORISED_USER_KEY } from '@sentinel/domain';
import type { AuthorisedUser } from '@sentinel/domain';

/** The real api started by global-setup.ts. */
export const apiUrl = (): string => inject('apiUrl');

/** A local address where nothing listens. */
export const deadUrl = (): string => inject('deadUrl');

export function demoSignIn(role: string): { email: string; password: string; name: string } {
  const account = inject('demoSignIns').find((signIn) => signIn.role === role);
  if (!account) throw new Error(`No demo sign-in for ${role}`);
  return account;
}

/** Signs in over HTTP and stores the user as the dashboard would, for tests that start signed in. */
export async function storeSignedInUser(role: string): Promise<AuthorisedUser> {
  const { email, password } = demoSignIn(role);
  const response = await fetch(`${apiUrl()}/Auth/SignInByEmail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Sign-in as ${role} answered ${response.status}`);
  const user = (await response.json()) as AuthorisedUser;
  localStorage.setItem(AUTHORISED_USER_KEY, JSON.stringify(user));
  return user;
}
