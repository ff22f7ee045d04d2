// The dashboard's service worker: shows each alarm the api pushes to this browser (a StaffPushPayload
// of @sentinel/domain: { title, body, alarmId, url, requireInteraction? }) as a notification, also
// when no dashboard tab is open, and opens the alarm's page on a click.
//
// Plain JavaScript served as it is from the site's root, so its scope is the whole dashboard and its
// URL stays the same from build to build (a browser keeps a subscription with its registration). It
// has no fetch handler: pages load as they would without it.

const ALARMS_PATH = '/agent/alarms';

self.addEventListener('install', () => {
  // A new version takes over at once: it holds no cache an open page could depend on.
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The message's JSON, or {} when it is none (a browser must show something for every push all the same). */
function messageOf(data) {
  if (!data) return {};
  try {
    const message = data.json();
    return message !== null && typeof message === 'object' ? message : {};
  } catch {
    return {};
  }
}

/**
 * The page to open, always on this dashboard's own origin: the payload's URL is taken for its path
 * only, so a message can never send a person to another site.
 */
function pageOf(message) {
  const fallback =
    Number.isInteger(message.alarmId) && message.alarmId > 0
      ? `${ALARMS_PATH}/${message.alarmId}`
      : ALARMS_PATH;
  let url;
  try {
    url = new URL(
      typeof message.url === 'string' && message.url !== '' ? message.url : fallback,
      self.location.origin,
    );
  } catch {
    url = new URL(fallback, self.location.origin);
  }
  return new URL(`${url.pathname}${url.search}${url.hash}`, self.location.origin).href;
}

self.addEventListener('push', (event) => {
  const message = messageOf(event.data);
  const title = typeof message.title === 'string' && message.title !== '' ? message.title : 'New alarm';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      // One notification per alarm: a second message about it replaces the first.
      tag: Number.isInteger(message.alarmId) ? `alarm-${message.alarmId}` : 'alarm',
      data: { url: pageOf(message) },
      // A top-priority alarm stays on screen until someone acts on it.
      requireInteraction: message.requireInteraction === true,
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url =
    event.notification.data && typeof event.notification.data.url === 'string'
      ? event.notification.data.url
      : new URL(ALARMS_PATH, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // A tab already on the alarm comes forward; otherwise a new one opens, so no tab loses
      // what its person was in the middle of.
      const open = windows.find((client) => client.url === url);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    })(),
  );
});
