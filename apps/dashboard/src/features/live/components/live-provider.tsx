import { startTransition, useEffect } from 'react';
import type { ReactNode } from 'react';
import { atom, useAtomValue, useStore } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { createLiveClient } from '@sentinel/api-sdk';
import type { LiveLogger } from '@sentinel/api-sdk';
import { useApiClient } from '../../../lib/api-client';
import { useAppSettings } from '../../../lib/app-settings';
import { historyKeys, userKeys, vehicleKeys } from '../../../lib/server-cache';
import { receiveCommandAtom } from '../../../lib/vehicle-live/vehicle-commands';
import { authorisedUserAtom } from '../../../lib/session';
import { receiveGpsAtom, receiveLockAtom } from '../../../lib/vehicle-live/vehicle-live-store';
import {
  clearLiveAtom,
  forgetVehicleLiveAtom,
  liveConnectionStateAtom,
  receiveTamperAtom,
} from '../stores/live-state';
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
 * tamper notices over the content; an onboarding status message sends the lists that filter on it to
 * the server again. Messages missed while reconnecting are made good by dropping the
 * live values and refetching the vehicles the screens show.
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
    const unsubscribes = [
      live.onStateChange((state) => {
        const reconnected = state === 'Connected' && store.get(liveConnectionStateAtom) === 'Reconnecting';
        store.set(liveConnectionStateAtom, state);
        if (!reconnected) return;
        store.set(forgetVehicleLiveAtom);
        void queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
      }),
      // Fixes come by the hundred a second with a fleet on the hub, and the devices of a fleet report
      // together: as a transition, the cards a burst moves render in slices between the browser's
      // other work, not in one long task (see the README, "Live updates").
      live.onGpsLocation((message) => startTransition(() => store.set(receiveGpsAtom, message))),
      live.onLockUnlock((message) => store.set(receiveLockAtom, message)),
      live.onTamper((message) => store.set(receiveTamperAtom, message)),
      // A lock or unlock moved on: the card shows where it stands, and one that ended (confirmed,
      // failed, expired, cancelled) is a new history entry.
      live.onCommandStatus((message) => {
        store.set(receiveCommandAtom, message);
        if (message.status !== 'Pending' && message.status !== 'Delivered') {
          void queryClient.invalidateQueries({ queryKey: historyKeys.byVehicle(message.vehicleId) });
        }
      }),
      // Another agent moved a vehicle between onboarding stages: the onboarding tabs and the client
      // lists filter on the status (and on the owners' vehicle counts), so the open ones ask again.
      live.onOnboardingStatus(() => {
        void queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
        void queryClient.invalidateQueries({ queryKey: userKeys.all });
      }),
    ];
    void live.start();
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
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
