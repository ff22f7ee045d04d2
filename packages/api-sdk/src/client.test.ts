import { deadUrl, demoSignIn, startApi } from '@sentinel/testing';
import type { DemoRole, RunningApi } from '@sentinel/testing';
import type { AuthorisedUser } from '@sentinel/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import type { ApiClientOptions } from './client';
import { ApiError, isApiError } from './errors/api-error';
import { isNetworkError } from './errors/network-error';
import { isSessionExpiredError, SessionExpiredError } from './errors/session-expired-error';
import type { SessionStore } from './session';

// Every test talks to a real api on a random local port, with the demo users seeded in memory.
let api: RunningApi;
let baseUrl: string;

beforeAll(async () => {
  api = await startApi();
  baseUrl = api.url;
});

afterAll(async () => {
  await api.close();
});

function demo(role: DemoRole): { email: string; password: string } {
  const { email, password } = demoSignIn(role);
  return { email, password };
}

function memorySession(
  initial: AuthorisedUser | null = null,
): SessionStore & { user: AuthorisedUser | null } {
  const store = {
    user: initial,
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

/** The real fetch, counting the refresh calls that go through it. */
function countingFetch(): { fetch: typeof fetch; refreshes: () => number } {
  let refreshes = 0;
  return {
    fetch: (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/Auth/RefreshTokens')) refreshes += 1;
      return fetch(input, init);
    },
    refreshes: () => refreshes,
  };
}

function client(options: Partial<ApiClientOptions> = {}) {
  return createApiClient({ baseUrl, session: memorySession(), validateAnswers: true, ...options });
}

const anHourFromNow = () => Date.now() + 60 * 60 * 1000;

describe('auth.signInByEmail', () => {
  it('signs a staff member in and answers the pair, the role and the user id', async () => {
    const user = await client().auth.signInByEmail(demo('Admin'));
    expect(user).toEqual({
      userRole: 'Admin',
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      userId: expect.any(Number),
    });
  });

  it("answers an Account-Holder's role too (refusing them is the dashboard's business)", async () => {
    const user = await client().auth.signInByEmail(demo('Account-Holder'));
    expect(user.userRole).toBe('Account-Holder');
  });

  it("throws an ApiError carrying the server's message for a wrong password", async () => {
    const error = await client()
      .auth.signInByEmail({ email: demo('Admin').email, password: 'not-the-password' })
      .catch((caught: unknown) => caught);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 401, message: 'Invalid email and password' });
    expect((error as ApiError).body?.message).toBe('Invalid email and password');
  });

  it('throws an ApiError with the field errors for an empty email', async () => {
    const error = await client()
      .auth.signInByEmail({ email: '', password: 'whatever' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).errors).toEqual({ Email: ['This field is required'] });
  });

  it('throws a NetworkError when nothing answers', async () => {
    const error = await createApiClient({
      baseUrl: await deadUrl(),
      session: memorySession(),
      validateAnswers: true,
    })
      .auth.signInByEmail(demo('Admin'))
      .catch((caught: unknown) => caught);
    expect(isNetworkError(error)).toBe(true);
  });
});

describe('roles.list', () => {
  it('lists the roles with the stored bearer token', async () => {
    const session = memorySession(await client().auth.signInByEmail(demo('Technical-Agent')));
    const roles = await client({ session }).roles.list();
    expect(roles.map((role) => role.name)).toEqual(
      expect.arrayContaining(['Admin', 'Technical-Agent', 'Company-Admin', 'Account-Holder']),
    );
    expect(roles.every((role) => typeof role.id === 'number')).toBe(true);
  });

  it('throws an ApiError 403 for an Account-Holder', async () => {
    const session = memorySession(await client().auth.signInByEmail(demo('Account-Holder')));
    await expect(client({ session }).roles.list()).rejects.toMatchObject({ name: 'ApiError', status: 403 });
  });

  it('throws a SessionExpiredError when no one is signed in, without calling onLogout', async () => {
    const onLogout = vi.fn();
    await expect(client({ onLogout }).roles.list()).rejects.toBeInstanceOf(SessionExpiredError);
    expect(onLogout).not.toHaveBeenCalled();
  });
});

describe('given an access token expired by its exp claim', () => {
  it('refreshes first, stores the rotated pair and sends the call with the new token', async () => {
    const signedIn = await client().auth.signInByEmail(demo('Admin'));
    const session = memorySession(signedIn);
    const counter = countingFetch();

    const roles = await client({ session, fetch: counter.fetch, now: anHourFromNow }).roles.list();

    expect(roles.length).toBeGreaterThan(0);
    expect(counter.refreshes()).toBe(1);
    expect(session.user).toMatchObject({ userId: signedIn.userId, userRole: 'Admin' });
    expect(session.user?.refreshToken).not.toBe(signedIn.refreshToken);
  });

  it('makes one refresh for concurrent calls, and both succeed', async () => {
    const signedIn = await client().auth.signInByEmail(demo('Admin'));
    const session = memorySession(signedIn);
    const counter = countingFetch();
    const api = client({ session, fetch: counter.fetch, now: anHourFromNow });

    const [first, second, third] = await Promise.all([api.roles.list(), api.roles.list(), api.roles.list()]);

    expect(first).toEqual(second);
    expect(second).toEqual(third);
    expect(counter.refreshes()).toBe(1);
    // The rotated pair still works: a second round refreshes once more from it.
    await api.roles.list();
    expect(counter.refreshes()).toBe(2);
  });

  it('clears the session, calls onLogout and throws SessionExpiredError when the refresh is refused', async () => {
    const signedIn = await client().auth.signInByEmail(demo('Admin'));
    // Spend the refresh token elsewhere: the client's refresh is then a replay, which revokes the family.
    await client().auth.refreshTokens(signedIn);
    const session = memorySession(signedIn);
    const onLogout = vi.fn();

    const error = await client({ session, onLogout, now: anHourFromNow })
      .roles.list()
      .catch((caught: unknown) => caught);

    expect(isSessionExpiredError(error)).toBe(true);
    expect((error as SessionExpiredError).cause).toMatchObject({ name: 'ApiError', status: 401 });
    expect(session.user).toBeNull();
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('logs out once when concurrent calls share a refused refresh', async () => {
    const signedIn = await client().auth.signInByEmail(demo('Admin'));
    await client().auth.refreshTokens(signedIn);
    const onLogout = vi.fn();
    const api = client({ session: memorySession(signedIn), onLogout, now: anHourFromNow });

    const results = await Promise.allSettled([api.roles.list(), api.roles.list()]);

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});

describe('given the server refuses an access token the client thinks is valid', () => {
  let shortLived: RunningApi;
  let shortLivedUrl: string;

  beforeAll(async () => {
    shortLived = await startApi({ accessTokenTtlSeconds: 2 });
    shortLivedUrl = shortLived.url;
  });

  afterAll(async () => {
    await shortLived.close();
  });

  it('refreshes once and retries the call', async () => {
    const session = memorySession();
    const counter = countingFetch();
    // A clock stuck at the epoch never judges a token expired, so only the server's 401 can trigger the refresh.
    const api = createApiClient({
      baseUrl: shortLivedUrl,
      session,
      fetch: counter.fetch,
      now: () => 0,
      validateAnswers: true,
    });
    const signedIn = await api.auth.signInByEmail(demo('Admin'));
    session.set(signedIn);

    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const roles = await api.roles.list();

    expect(roles.length).toBeGreaterThan(0);
    expect(counter.refreshes()).toBe(1);
    expect(session.user?.refreshToken).not.toBe(signedIn.refreshToken);
  });
});
