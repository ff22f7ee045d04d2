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
