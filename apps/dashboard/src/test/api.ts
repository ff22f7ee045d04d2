import { inject } from 'vitest';
import { createApiClient } from '@sentinel/api-sdk';
import { AUTHORISED_USER_KEY } from '@sentinel/domain';
import type { AuthorisedUser } from '@sentinel/domain';

/** The real api started by global-setup.ts. */
export const apiUrl = (): string => inject('apiUrl');

/** The SDK against the test api, signed in as `user` (its session kept in memory, refreshed in place). */
export function sdk(user: AuthorisedUser) {
  let current = user;
  return createApiClient({
    baseUrl: apiUrl(),
    session: { get: () => current, set: (next) => (current = next), clear() {} },
  });
}

/** A local address where nothing listens. */
export const deadUrl = (): string => inject('deadUrl');

export function demoSignIn(role: string): { email: string; password: string; name: string } {
  const account = inject('demoSignIns').find((signIn) => signIn.role === role);
  if (!account) throw new Error(`No demo sign-in for ${role}`);
  return account;
}

/**
 * Signs in over HTTP once per role and test worker (each sign-in is an argon2 check on the api), and
 * stores the user as the dashboard would, for tests that start signed in. Access tokens live 15
 * minutes: a sign-in is reused for 5, so no test meets an expired token; and only while the api
 * still takes it, since a test that logs out or changes the password ends it at once.
 */
export async function storeSignedInUser(role: string): Promise<AuthorisedUser> {
  let signIn = signIns.get(role);
  if (signIn && !(await stillSignedIn(await signIn.user.catch(() => undefined)))) signIn = undefined;
  if (!signIn || Date.now() - signIn.at > SIGN_IN_REUSE_MS) {
    signIn = { at: Date.now(), user: signInOverHttp(role) };
    signIns.set(role, signIn);
    void signIn.user.catch(() => signIns.delete(role));
  }
  const user = await signIn.user;
  localStorage.setItem(AUTHORISED_USER_KEY, JSON.stringify(user));
  return user;
}

const SIGN_IN_REUSE_MS = 5 * 60_000;
const signIns = new Map<string, { at: number; user: Promise<AuthorisedUser> }>();

async function stillSignedIn(user: AuthorisedUser | undefined): Promise<boolean> {
  if (user === undefined) return false;
  const response = await fetch(`${apiUrl()}/Roles`, {
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
  return response.ok;
}

async function signInOverHttp(role: string): Promise<AuthorisedUser> {
  const { email, password } = demoSignIn(role);
  const response = await fetch(`${apiUrl()}/Auth/SignInByEmail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Sign-in as ${role} answered ${response.status}`);
  return (await response.json()) as AuthorisedUser;
}

/**
 * A fetch that records every request the app sends ('GET http://…/Users?…', with the body of a
 * POST, whose URL alone does not say what was asked) and counts those still unanswered.
 */
export function recordingFetch(): { fetch: typeof fetch; requests: string[]; inFlight: () => number } {
  const requests: string[] = [];
  let inFlight = 0;
  return {
    requests,
    inFlight: () => inFlight,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      inFlight += 1;
      try {
        const body = request.method === 'GET' ? '' : ` ${await request.clone().text()}`;
        requests.push(`${request.method} ${request.url}${body}`);
        return await fetch(request);
      } finally {
        inFlight -= 1;
      }
    },
  };
}

/** The requests made more than once, with their counts. */
export function repeated(requests: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const request of requests) counts[request] = (counts[request] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).filter(([, count]) => count > 1));
}
