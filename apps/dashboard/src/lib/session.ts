// The signed-in user, shared by sign-in, the agent shell and the route guards, so it lives in lib
// rather than in one feature's stores/.
import { AUTHORISED_USER_KEY, isAuthorisedUser } from '@sentinel/domain';
import type { AuthorisedUser } from '@sentinel/domain';
import type { SessionStore } from '@sentinel/api-sdk';
import { atomWithStorage } from 'jotai/utils';
import type { createStore } from 'jotai';

export type JotaiStore = ReturnType<typeof createStore>;

/**
 * Local storage holding an AuthorisedUser as JSON, or nothing. Anything else found under the key
 * (an older shape, hand-edited JSON) reads as signed out rather than crashing a screen.
 */
export const authorisedUserStorage = {
  getItem(key: string, initialValue: AuthorisedUser | null): AuthorisedUser | null {
    try {
      const raw = localStorage.getItem(key);
      if (raw === null) return initialValue;
      const parsed: unknown = JSON.parse(raw);
      return isAuthorisedUser(parsed) ? parsed : initialValue;
    } catch {
      return initialValue;
    }
  },
  setItem(key: string, value: AuthorisedUser | null): void {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  },
  removeItem(key: string): void {
    localStorage.removeItem(key);
  },
  // Another tab signing in or out (or rotating the tokens) is seen here too.
  subscribe(
    key: string,
    callback: (value: AuthorisedUser | null) => void,
    initialValue: AuthorisedUser | null,
  ): () => void {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea === localStorage && (event.key === key || event.key === null)) {
        callback(authorisedUserStorage.getItem(key, initialValue));
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
};

/** The signed-in user, persisted under 'authorised-user'; null when signed out. */
export const authorisedUserAtom = atomWithStorage<AuthorisedUser | null>(
  AUTHORISED_USER_KEY,
  null,
  authorisedUserStorage,
  // Read on the first render, so a stored user is not taken for signed out and sent to '/'.
  { getOnInit: true },
);

/**
 * Loads what local storage holds into a store. getOnInit reads storage once, when this module is
 * first imported; a store created later (a second app in one page, every test) needs this.
 */
export function hydrateSession(store: JotaiStore): void {
  store.set(authorisedUserAtom, authorisedUserStorage.getItem(AUTHORISED_USER_KEY, null));
}

/** The api-sdk's view of the session: reads and writes go through the Jotai store. */
export function createSessionStore(store: JotaiStore): SessionStore {
  return {
    get: () => store.get(authorisedUserAtom),
    set: (user) => store.set(authorisedUserAtom, user),
    clear: () => store.set(authorisedUserAtom, null),
  };
}
