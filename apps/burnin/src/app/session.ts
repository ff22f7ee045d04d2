/*
 * The signed-in technician, kept in local storage so a reload keeps the bench open. A small
 * external store: the SDK reads and writes it synchronously (tokens rotate on refresh) and React
 * follows it with useSyncExternalStore.
 */
import { AUTHORISED_USER_KEY, isAuthorisedUser } from '@sentinel/domain';
import type { AuthorisedUser } from '@sentinel/domain';
import type { SessionStore } from '@sentinel/api-sdk';

export interface BenchSession extends SessionStore {
  subscribe(listener: () => void): () => void;
}

export function createSession(storage: Storage = localStorage): BenchSession {
  const read = (): AuthorisedUser | null => {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(AUTHORISED_USER_KEY) ?? 'null');
      return isAuthorisedUser(parsed) ? parsed : null;
    } catch {
      return null;
    }
  };
  let user = read();
  const listeners = new Set<() => void>();
  const change = (next: AuthorisedUser | null) => {
    user = next;
    if (next === null) storage.removeItem(AUTHORISED_USER_KEY);
    else storage.setItem(AUTHORISED_USER_KEY, JSON.stringify(next));
    listeners.forEach((listener) => listener());
  };
  return {
    get: () => user,
    set: change,
    clear: () => change(null),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
