// 'Alarm notifications on this browser' on the alarm queue, through the whole app against real apis:
// the suite's (no Web Push) and one of this file's own with a VAPID key pair. jsdom has no service
// worker or Push API, so where the switch must work a recording browser stands in for them; the
// real worker and a real push are the browser test's (e2e/tests/push.spec.ts).
import { createECDH, randomUUID } from 'node:crypto';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, eq } from '@sentinel/api-sdk';
import { AUTHORISED_USER_KEY } from '@sentinel/domain';
import type { AuditListFields, AuthorisedUser } from '@sentinel/domain';
import { startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import { demoSignIn, storeSignedInUser } from '../../../test/api';
import { renderApp } from '../../../test/render-app';
import { alarmPushBrowserAtom } from '../stores/alarm-push';
import { ALARM_PUSH_TEXT } from '../hooks/use-alarm-push';
import type { AlarmPushBrowser, AlarmPushPermission, BrowserPushSubscription } from '../utils/alarm-push';

const LABEL = 'Alarm notifications on this browser';

// RFC 8291's example subscription keys (section 5): a real P-256 point and auth secret.
const KEYS = {
  p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
};

/** A browser with a service worker and the Push API that records what it was asked to do. */
function recordingBrowser(
  options: { permission?: AlarmPushPermission; answer?: AlarmPushPermission; pushServiceDown?: boolean } = {},
) {
  let permission = options.permission ?? 'default';
  let subscription: { value: BrowserPushSubscription; serverKey: string } | null = null;
  const asked = { permission: 0, subscribedWith: [] as string[], unsubscribed: [] as string[] };
  const browser: AlarmPushBrowser = {
    supported: () => true,
    permission: () => permission,
    requestPermission: async () => {
      asked.permission += 1;
      permission = options.answer ?? 'granted';
      return permission;
    },
    register: async () => undefined,
    current: async () =>
      subscription && { subscription: subscription.value, serverKey: subscription.serverKey },
    subscribe: async (serverKey) => {
      if (options.pushServiceDown)
        throw new DOMException('Registration failed - push service error', 'AbortError');
      asked.subscribedWith.push(serverKey);
      subscription = {
        value: { endpoint: `https://push.example.test/send/${randomUUID()}`, keys: KEYS },
        serverKey,
      };
      return subscription.value;
    },
    unsubscribe: async () => {
      const endpoint = subscription?.value.endpoint ?? null;
      if (endpoint !== null) asked.unsubscribed.push(endpoint);
      subscription = null;
      return endpoint;
    },
  };
  return { browser, asked };
}

const pushSwitch = () => screen.findByRole('switch', { name: LABEL });

describe('given the suite’s api, which has no Web Push', () => {
  it('says a browser without service workers cannot do it (jsdom has none)', async () => {
    await storeSignedInUser('Technical-Agent');
    renderApp('/agent/alarms');
    expect(await pushSwitch()).toBeDisabled();
    expect(screen.getByRole('switch', { name: LABEL })).toHaveAccessibleDescription(
      ALARM_PUSH_TEXT.unsupported,
    );
  });

  it('says it is not set up on the server', async () => {
    await storeSignedInUser('Technical-Agent');
    const app = renderApp('/agent/alarms');
    app.store.set(alarmPushBrowserAtom, recordingBrowser().browser);
    expect(await screen.findByText(ALARM_PUSH_TEXT.notSetUp)).toBeVisible();
    expect(await pushSwitch()).toBeDisabled();
  });
});

describe('given an api with Web Push', () => {
  let api: RunningApi;
  let publicKey: string;

  beforeAll(async () => {
    const pair = createECDH('prime256v1');
    pair.generateKeys();
    publicKey = pair.getPublicKey('base64url');
    api = await startApi({
      webPush: {
        publicKey,
        privateKey: pair.getPrivateKey('base64url'),
        subject: 'mailto:ops@sentinel.example',
      },
    });
  });

  afterAll(async () => {
    await api?.close();
  });

  /** Signs in on this file's api and stores the user as the dashboard does. */
  async function signedIn(role: string): Promise<AuthorisedUser> {
    const user = await createApiClient({
      baseUrl: api.url,
      session: { get: () => null, set() {}, clear() {} },
    }).auth.signInByEmail(demoSignIn(role));
    localStorage.setItem(AUTHORISED_USER_KEY, JSON.stringify(user));
    return user;
  }

  it('asks for permission, subscribes with the server’s key and stores the subscription; off removes it', async () => {
    const user = userEvent.setup();
    const admin = await signedIn('Admin');
    const sdk = createApiClient({ baseUrl: api.url, session: { get: () => admin, set() {}, clear() {} } });
    const actions = async () =>
      (await sdk.audit.list({ filter: eq<AuditListFields>('userId', admin.userId), pageSize: 50 })).items
        .map((entry) => entry.action)
        .filter((action) => action.startsWith('Push'));
    const app = renderApp('/agent/alarms', { apiUrl: api.url });
    const { browser, asked } = recordingBrowser();
    app.store.set(alarmPushBrowserAtom, browser);

    await waitFor(async () => expect(await pushSwitch()).toBeEnabled());
    expect(screen.getByRole('switch', { name: LABEL })).not.toBeChecked();
    await user.click(screen.getByRole('switch', { name: LABEL }));

    await waitFor(() => expect(screen.getByRole('switch', { name: LABEL })).toBeChecked());
    expect(screen.getByRole('switch', { name: LABEL })).toHaveAccessibleDescription(ALARM_PUSH_TEXT.on);
    expect(asked).toMatchObject({ permission: 1, subscribedWith: [publicKey] });
    expect(await actions()).toEqual(['PushSubscribed']);

    await user.click(screen.getByRole('switch', { name: LABEL }));
    await waitFor(() => expect(screen.getByRole('switch', { name: LABEL })).not.toBeChecked());
    expect(asked.unsubscribed).toHaveLength(1);
    expect(await actions()).toEqual(['PushUnsubscribed', 'PushSubscribed']);
    // The server no longer holds it.
    const again = await sdk.push.unsubscribe(asked.unsubscribed[0]!).catch((error: unknown) => error);
    expect(again).toMatchObject({ status: 404 });
  });

  it('says why when notifications are blocked, or the push service cannot be reached', async () => {
    const user = userEvent.setup();
    await signedIn('Technical-Agent');
    const blocked = renderApp('/agent/alarms', { apiUrl: api.url });
    blocked.store.set(alarmPushBrowserAtom, recordingBrowser({ permission: 'denied' }).browser);
    expect(await screen.findByText(ALARM_PUSH_TEXT.denied)).toBeVisible();
    expect(screen.getByRole('switch', { name: LABEL })).toBeDisabled();
    cleanup();

    const offline = renderApp('/agent/alarms', { apiUrl: api.url });
    offline.store.set(alarmPushBrowserAtom, recordingBrowser({ pushServiceDown: true }).browser);
    await waitFor(async () => expect(await pushSwitch()).toBeEnabled());
    await user.click(screen.getByRole('switch', { name: LABEL }));
    expect(await screen.findByText(ALARM_PUSH_TEXT.noPushService)).toBeVisible();
    expect(screen.getByRole('switch', { name: LABEL })).not.toBeChecked();
  });
});
