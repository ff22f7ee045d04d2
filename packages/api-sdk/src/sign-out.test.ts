import { deadUrl, demoSignIn, startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import type { AuthorisedUser } from '@sentinel/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import { isApiError } from './errors/api-error';
import type { SessionStore } from './session';

let api: RunningApi;

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  await api.close();
});

const agent = demoSignIn('Technical-Agent');

function memorySession(): SessionStore & { user: AuthorisedUser | null } {
  const store = {
    user: null as AuthorisedUser | null,
    get: () => store.user,
    set: (user: AuthorisedUser) => {
      store.user = user;
    },
    clear: () => {
      store.user = null;
    },
  };
  return store;
}

describe('auth.signOut', () => {
  it('clears the session and ends the sign-in on the server, so its refresh token stops working', async () => {
    const session = memorySession();
    const client = createApiClient({ baseUrl: api.url, session, validateAnswers: true });
    const signedIn = await client.auth.signInByEmail({ email: agent.email, password: agent.password });
    session.set(signedIn);

    await client.auth.signOut();

    expect(session.user).toBeNull();
    const refused = await client.auth
      .refreshTokens({ accessToken: signedIn.accessToken, refreshToken: signedIn.refreshToken })
      .catch((error: unknown) => error);
    expect(isApiError(refused) && refused.status).toBe(401);
  });

  it('signs out on this device even when the server cannot be reached', async () => {
    const session = memorySession();
    const online = createApiClient({ baseUrl: api.url, session });
    session.set(await online.auth.signInByEmail({ email: agent.email, password: agent.password }));
    const offline = createApiClient({ baseUrl: await deadUrl(), session, timeoutMs: 5_000 });

    await expect(offline.auth.signOut()).resolves.toBeUndefined();
    expect(session.user).toBeNull();
  });
});

describe('auth.logout', () => {
  it('answers the same for a refresh token the server does not know', async () => {
    const client = createApiClient({ baseUrl: api.url, session: memorySession(), validateAnswers: true });
    await expect(client.auth.logout({ refreshToken: 'never-issued' })).resolves.toEqual({
      message: 'You have been signed out.',
    });
  });
});
