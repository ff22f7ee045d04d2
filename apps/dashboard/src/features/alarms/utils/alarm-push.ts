// The browser's half of alarm notifications: the service worker (public/alarm-service-worker.js) and
// its Web Push subscription. Behind a small interface, as the ring's sound and notifier are, so
// jsdom (which has neither) can stand in a recording browser, and the switch reads as behaviour.

/** A subscription as the api takes it: PushSubscription.toJSON()'s endpoint and keys. */
export interface BrowserPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export type AlarmPushPermission = 'default' | 'granted' | 'denied';

export interface AlarmPushBrowser {
  /** Whether this browser can show a pushed alarm with the dashboard closed (service workers, Push API, notifications). */
  supported(): boolean;
  permission(): AlarmPushPermission;
  /** Asks the person once; the browser remembers the answer. */
  requestPermission(): Promise<AlarmPushPermission>;
  /** Registers the alarm service worker (again: the browser then checks it for a new version). */
  register(): Promise<void>;
  /** This browser's subscription and the key it was made with (base64url), if it has one. */
  current(): Promise<{ subscription: BrowserPushSubscription; serverKey: string | null } | null>;
  /** Subscribes at the browser's push service for the api's key; throws when the push service cannot be reached. */
  subscribe(serverKey: string): Promise<BrowserPushSubscription>;
  /** Ends this browser's subscription; its endpoint, when it had one. */
  unsubscribe(): Promise<string | null>;
}

/** Served from the site's root, so it may show the alarms of every dashboard page. */
export const ALARM_SERVICE_WORKER_URL = '/alarm-service-worker.js';

const toBase64url = (bytes: ArrayBuffer): string =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const fromBase64url = (text: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
};

function asJson(subscription: PushSubscription): BrowserPushSubscription {
  const { endpoint, keys } = subscription.toJSON();
  if (endpoint === undefined || keys?.['p256dh'] === undefined || keys['auth'] === undefined) {
    throw new Error('The browser gave a subscription without its keys.');
  }
  return { endpoint, keys: { p256dh: keys['p256dh'], auth: keys['auth'] } };
}

/** The browser's own service worker and Push API. */
export function createBrowserPush(): AlarmPushBrowser {
  const registration = () => navigator.serviceWorker.ready;
  return {
    supported: () =>
      typeof window !== 'undefined' &&
      // Service workers run on https and localhost only (jsdom leaves this undefined).
      window.isSecureContext === true &&
      'serviceWorker' in navigator &&
      typeof PushManager !== 'undefined' &&
      typeof Notification !== 'undefined',
    permission: () => Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    async register() {
      await navigator.serviceWorker.register(ALARM_SERVICE_WORKER_URL, { scope: '/' });
    },
    async current() {
      const subscription = await (await registration()).pushManager.getSubscription();
      if (subscription === null) return null;
      const key = subscription.options.applicationServerKey;
      return { subscription: asJson(subscription), serverKey: key === null ? null : toBase64url(key) };
    },
    async subscribe(serverKey) {
      const subscription = await (
        await registration()
      ).pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64url(serverKey) });
      return asJson(subscription);
    },
    async unsubscribe() {
      const subscription = await (await registration()).pushManager.getSubscription();
      if (subscription === null) return null;
      await subscription.unsubscribe();
      return subscription.endpoint;
    },
  };
}
