import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { atom, useAtomValue, useStore } from 'jotai';
import { createLiveClient } from '@sentinel/api-sdk';
import type { LiveLogger } from '@sentinel/api-sdk';
import { useApiClient } from '../api-client';
import { useAppSettings } from '../app-settings';
import { authorisedUserAtom } from '../session';
import {
  clearLiveAtom,
  liveConnectionStateAtom,
  receiveGpsAtom,
  receiveLockAtom,
  receiveTamperAtom,
} from './live-store';
import { TamperNotices } from './tamper-notices';

// Who is signed in, not with which token: a token rotation must not restart the connection (the
// client asks for a fresh token on every reconnect anyway).
const signedInUserIdAtom = atom((get) => get(authorisedUserAtom)?.userId ?? null);

export interface LiveProviderProps {
  children?: ReactNode;
  /** Where connection errors go; they are logged, never shown (spec part 1 §8). @default console */
  logger?: LiveLogger;
}

/**
 * Keeps the live connection of the agent area: it starts when a base URL and a signed-in user exist
 * (spec part 1 §4), stops on logout or unmount, writes every message into the live atoms, and shows
 * tamper notices over the content.
 */
export function LiveProvider({ children, logger }: LiveProviderProps) {
  const { baseURL } = useAppSettings();
  const client = useApiClient();
  const userId = useAtomValue(signedInUserIdAtom);
  const store = useStore();

  useEffect(() => {
    if (!baseURL || userId === null) return;
    const live = createLiveClient({
      baseUrl: baseURL,
      accessToken: () => client.auth.freshAccessToken(),
      ...(logger ? { logger } : {}),
    });
    const unsubscribes = [
      live.onStateChange((state) => store.set(liveConnectionStateAtom, state)),
      live.onGpsLocation((message) => store.set(receiveGpsAtom, message)),
      live.onLockUnlock((message) => store.set(receiveLockAtom, message)),
      live.onTamper((message) => store.set(receiveTamperAtom, message)),
    ];
    void live.start();
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
      void live.stop();
      store.set(clearLiveAtom);
    };
  }, [baseURL, userId, client, store, logger]);

  return (
    <>
      {children}
      <TamperNotices />
    </>
  );
}
