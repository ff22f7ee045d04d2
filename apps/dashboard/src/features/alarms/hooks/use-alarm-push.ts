// 'Alarm notifications on this browser': whether this browser can and does receive the alarms the
// api pushes, and turning that on (permission, subscription, PUT) and off (unsubscribe, DELETE).
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@sentinel/api-sdk';
import { useApiClient } from '../../../lib/api-client';
import { authorisedUserAtom } from '../../../lib/session';
import { pushKeys, pushQueries } from '../api/push-queries';
import type { AlarmPushBrowserState } from '../api/push-queries';
import { alarmPushBrowserAtom } from '../stores/alarm-push';

export const ALARM_PUSH_TEXT = {
  unsupported: 'This browser cannot show alarms while the dashboard is closed.',
  notSetUp: 'Alarm notifications are not set up on the server.',
  denied: "Notifications are blocked for this site in the browser's settings.",
  dismissed: 'Allow notifications when the browser asks, to turn this on.',
  noPushService: 'This browser could not reach its push service. Try again later.',
  failed: 'Alarm notifications could not be changed. Try again.',
  on: 'Alarms reach this browser even when the dashboard is closed.',
} as const;

export type AlarmPushStatus = 'checking' | 'unsupported' | 'not-set-up' | 'denied' | 'off' | 'on';

export interface AlarmPush {
  status: AlarmPushStatus;
  /** A sentence for the person: why it cannot be on, what went wrong, or what on means. */
  message: string | undefined;
  busy: boolean;
  turnOn(): void;
  turnOff(): void;
}

/** A refusal the person can act on, said as such; anything else is a failure to retry. */
class PushRefused extends Error {}

export function useAlarmPush(): AlarmPush {
  const api = useApiClient();
  const browser = useAtomValue(alarmPushBrowserAtom);
  const userId = useAtomValue(authorisedUserAtom)?.userId;
  const queryClient = useQueryClient();
  const supported = browser.supported();

  // The worker is registered wherever it can run, so a browser that subscribed keeps showing
  // alarms, and picks up a new version of the worker on the next visit.
  useEffect(() => {
    if (supported) void browser.register().catch(() => undefined);
  }, [browser, supported]);

  const key = useQuery({ ...pushQueries.key(api), enabled: supported });
  const serverKey = key.data ?? undefined;
  const state = useQuery({
    ...pushQueries.browser(api, browser, serverKey ?? '', userId ?? 0),
    enabled: supported && serverKey !== undefined && userId !== undefined,
  });

  const settle = (next: AlarmPushBrowserState) => {
    if (serverKey !== undefined && userId !== undefined) {
      queryClient.setQueryData(pushKeys.browser(serverKey, userId), next);
    }
  };

  const on = useMutation({
    mutationFn: async (): Promise<AlarmPushBrowserState> => {
      if (serverKey === undefined) throw new PushRefused(ALARM_PUSH_TEXT.notSetUp);
      const permission =
        browser.permission() === 'default' ? await browser.requestPermission() : browser.permission();
      if (permission === 'denied') return { permission, endpoint: null };
      if (permission !== 'granted') throw new PushRefused(ALARM_PUSH_TEXT.dismissed);
      // A subscription made with an older key of the server cannot be used: replace it.
      const current = await browser.current();
      if (current !== null && current.serverKey !== serverKey) await browser.unsubscribe();
      let subscription;
      try {
        subscription = await browser.subscribe(serverKey);
      } catch {
        throw new PushRefused(ALARM_PUSH_TEXT.noPushService);
      }
      try {
        await api.push.subscribe(subscription);
      } catch (error) {
        // The server did not take it: the browser must not stay subscribed for nothing.
        await browser.unsubscribe().catch(() => undefined);
        if (isApiError(error) && error.status === 409) throw new PushRefused(ALARM_PUSH_TEXT.notSetUp);
        throw error;
      }
      return { permission, endpoint: subscription.endpoint };
    },
    onSuccess: settle,
  });

  const off = useMutation({
    mutationFn: async (): Promise<AlarmPushBrowserState> => {
      const endpoint = await browser.unsubscribe();
      if (endpoint !== null) {
        // Already gone on the server (a push service said so) is what was asked for.
        await api.push.unsubscribe(endpoint).catch((error: unknown) => {
          if (!(isApiError(error) && error.status === 404)) throw error;
        });
      }
      return { permission: browser.permission(), endpoint: null };
    },
    onSuccess: settle,
  });

  const busy = on.isPending || off.isPending;
  const failure = on.error ?? off.error;
  const failed =
    failure === null ? undefined : failure instanceof PushRefused ? failure.message : ALARM_PUSH_TEXT.failed;
  const turnOn = () => {
    off.reset();
    on.mutate();
  };
  const turnOff = () => {
    on.reset();
    off.mutate();
  };

  if (!supported)
    return { status: 'unsupported', message: ALARM_PUSH_TEXT.unsupported, busy, turnOn, turnOff };
  if (key.isPending || (serverKey !== undefined && state.isPending && !state.isError)) {
    return { status: 'checking', message: undefined, busy, turnOn, turnOff };
  }
  if (key.data === null)
    return { status: 'not-set-up', message: ALARM_PUSH_TEXT.notSetUp, busy, turnOn, turnOff };
  if (key.isError || state.isError) {
    return { status: 'off', message: failed ?? ALARM_PUSH_TEXT.failed, busy, turnOn, turnOff };
  }
  if (state.data?.permission === 'denied') {
    return { status: 'denied', message: ALARM_PUSH_TEXT.denied, busy, turnOn, turnOff };
  }
  const subscribed = state.data?.endpoint != null;
  return {
    status: subscribed ? 'on' : 'off',
    message: failed ?? (subscribed ? ALARM_PUSH_TEXT.on : undefined),
    busy,
    turnOn,
    turnOff,
  };
}
