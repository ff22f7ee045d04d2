// Alarm notifications on this browser: the api's VAPID key, and what this browser's subscription is.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@sentinel/api-sdk';
import type { AlarmPushBrowser } from '../utils/alarm-push';

/** This browser's state for the switch: its permission and whether it is subscribed with the api's key. */
export interface AlarmPushBrowserState {
  permission: 'default' | 'granted' | 'denied';
  /** The endpoint subscribed with the api's key; null when there is none (or one of an old key). */
  endpoint: string | null;
}

export const pushKeys = {
  all: ['alarm-push'] as const,
  key: () => [...pushKeys.all, 'key'] as const,
  browser: (serverKey: string, userId: number) => [...pushKeys.all, 'browser', serverKey, userId] as const,
};

export const pushQueries = {
  /** GET /My/PushSubscriptions/Key: null when Web Push is not set up on the server. */
  key: (api: ApiClient) =>
    queryOptions({
      queryKey: pushKeys.key(),
      queryFn: () => api.push.publicKey(),
      // The key changes only with the server's settings.
      staleTime: Infinity,
    }),
  /**
   * This browser's subscription. One made with the api's key is stored again for whoever is signed
   * in (PUT is idempotent), so the switch never says on while the server sends this browser someone
   * else's alarms, or none; asked once per sign-in.
   */
  browser: (api: ApiClient, browser: AlarmPushBrowser, serverKey: string, userId: number) =>
    queryOptions({
      queryKey: pushKeys.browser(serverKey, userId),
      queryFn: async (): Promise<AlarmPushBrowserState> => {
        await browser.register();
        const permission = browser.permission();
        const current = await browser.current();
        if (current === null || current.serverKey !== serverKey || permission !== 'granted') {
          return { permission, endpoint: null };
        }
        await api.push.subscribe(current.subscription);
        return { permission, endpoint: current.subscription.endpoint };
      },
      staleTime: Infinity,
      retry: false,
    }),
};
