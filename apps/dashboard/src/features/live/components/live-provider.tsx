import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { atom, useAtomValue, useStore } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { createLiveClient } from '@sentinel/api-sdk';
import type { LiveLogger } from '@sentinel/api-sdk';
import { useApiClient } from '../../../lib/api-client';
import { useAppSettings } from '../../../lib/app-settings';
import { authorisedUserAtom } from '../../../lib/session';
import { startArmingClock } from '../api/arming-clock';
import { createLiveCacheWriter } from '../api/live-cache';
import { clearLiveAtom, liveConnectionStateAtom, receiveTamperAtom } from '../stores/live-state';
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
 * (spec part 1 §4), stops on logout or unmount, writes every message into the query cache (the
 * vehicle wherever it is cached, its arming, its batteries, its newest command), and shows tamper
 * notices over the content; an onboarding status message sends the lists that filter on it to the
 * server again.
 * Messages missed while reconnecting are made good by asking for the cached vehicles again, and a
 * schedule's window opening or closing is written into the cached vehicles by the arming clock.
 */
export function LiveProvider({ children, logger }: LiveProviderProps) {
  const { baseURL } = useAppSettings();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const userId = useAtomValue(signedInUserIdAtom);
  const store = useStore();

  useEffect(() => {
    if (!baseURL || userId === null) return;
    const live = createLiveClient({
      baseUrl: baseURL,
      accessToken: () => client.auth.freshAccessToken(),
      ...(logger ? { logger } : {}),
    });
    const cache = createLiveCacheWriter(queryClient);
    const unsubscribes = [
      live.onStateChange((state) => {
        const reconnected = state === 'Connected' && store.get(liveConnectionStateAtom) === 'Reconnecting';
        store.set(liveConnectionStateAtom, state);
        if (reconnected) cache.reconnected();
      }),
      live.onGpsLocation(cache.gpsLocation),
      live.onLockUnlock(cache.lockUnlock),
      live.onTamper((message) => {
        cache.tamper(message);
        store.set(receiveTamperAtom, message);
      }),
      live.onCommandStatus(cache.commandStatus),
      live.onAlarmChanged(cache.alarmChanged),
      live.onArming(cache.arming),
      live.onBattery(cache.battery),
      live.onOnboardingStatus(cache.onboardingStatus),
    ];
    // Windows open and close by the clock, not by a message.
    const stopArmingClock = startArmingClock(queryClient);
    void live.start();
    return () => {
      stopArmingClock();
      for (const unsubscribe of unsubscribes) unsubscribe();
      cache.stop();
      void live.stop();
      store.set(clearLiveAtom);
    };
  }, [baseURL, userId, client, queryClient, store, logger]);

  return (
    <>
      {children}
      <TamperNotices />
    </>
  );
}
