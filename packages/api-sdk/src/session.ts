import { isAccessTokenExpired } from '@sentinel/domain';
import type { AuthorisedUser } from '@sentinel/domain';
import type { TokenPair } from './auth';
import { isApiError } from './errors/api-error';
import { SessionExpiredError } from './errors/session-expired-error';

/** Where the client reads and writes the signed-in user; the app decides how it is kept. */
export interface SessionStore {
  get(): AuthorisedUser | null;
  set(user: AuthorisedUser): void;
  clear(): void;
}

export interface TokenKeeperOptions {
  session: SessionStore;
  refreshTokens: (pair: TokenPair) => Promise<TokenPair>;
  onLogout: (() => void) | undefined;
  now: () => number;
  leewaySeconds: number;
}

/**
 * Hands out a usable access token, refreshing an expired one first. Every refresh goes through one
 * shared promise: the server rotates the refresh token on each use and treats a second use of the
 * same token as theft (it revokes the whole family), so two calls must never refresh in parallel.
 */
export interface TokenKeeper {
  /** The stored user with an access token that is not expired by its exp claim. */
  current(): Promise<AuthorisedUser>;
  /** A user whose pair is newer than `rejected`'s, refreshing if no one has yet. */
  renew(rejected: AuthorisedUser): Promise<AuthorisedUser>;
}

export function createTokenKeeper(options: TokenKeeperOptions): TokenKeeper {
  const { session } = options;
  let inFlight: Promise<AuthorisedUser> | null = null;

  function stored(): AuthorisedUser {
    const user = session.get();
    if (!user) throw new SessionExpiredError();
    return user;
  }

  async function refresh(user: AuthorisedUser): Promise<AuthorisedUser> {
    let pair: TokenPair;
    try {
      pair = await options.refreshTokens({ accessToken: user.accessToken, refreshToken: user.refreshToken });
    } catch (error) {
      // A refused refresh ends the session. No answer at all (NetworkError) leaves it alone: the
      // pair may still be good and the next call can try again.
      if (!isApiError(error)) throw error;
      session.clear();
      options.onLogout?.();
      throw new SessionExpiredError({ cause: error });
    }
    const latest = session.get();
    // Signed out (or signed in as someone else) while the refresh was under way: keep what is stored.
    if (!latest) throw new SessionExpiredError();
    if (latest.refreshToken !== user.refreshToken) return latest;
    const renewed: AuthorisedUser = {
      ...latest,
      accessToken: pair.accessToken,
      refreshToken: pair.refreshToken,
    };
    session.set(renewed);
    return renewed;
  }

  function renew(rejected: AuthorisedUser): Promise<AuthorisedUser> {
    let user: AuthorisedUser;
    try {
      user = stored();
    } catch (error) {
      return Promise.reject(error);
    }
    // Another call already rotated the pair since this one read it. Compared by refresh token: it
    // changes on every rotation, while two access tokens signed in the same second can be equal.
    if (user.refreshToken !== rejected.refreshToken) return Promise.resolve(user);
    inFlight ??= refresh(user).finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  return {
    async current() {
      const user = stored();
      if (!isAccessTokenExpired(user.accessToken, options.now(), options.leewaySeconds)) return user;
      return renew(user);
    },
    renew,
  };
}
