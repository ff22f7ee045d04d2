// The dashboard's alarm service worker in Chromium: the alarm queue registers it, and a push
// delivered to it shows the alarm as a notification, also when no dashboard tab is open.
//
// Chromium cannot subscribe at a real push service here (no network, and the suite's api has no
// VAPID keys), so the push comes in through the DevTools protocol (ServiceWorker.deliverPushMessage),
// which hands the worker the message as its push service would, after decryption. What the api
// sends and how it encrypts it is the api's push test's (apps/api/src/push/push.test.ts).
import { expect, test } from '@playwright/test';
import type { CDPSession, Page } from '@playwright/test';
import { DASHBOARD_URL } from '../playwright.config';
import { signedInAs } from './support';

const WORKER_URL = `${DASHBOARD_URL}/alarm-service-worker.js`;

/** The notifications the dashboard's worker shows, read from a page of the dashboard. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map(({ title, body, tag, data, requireInteraction }) => ({
      title,
      body,
      tag,
      data: data as unknown,
      requireInteraction,
    }));
  });

/** The worker's registration id, as the DevTools protocol names it. */
async function registrationId(session: CDPSession): Promise<string> {
  const ids = new Map<string, string>();
  session.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    for (const registration of registrations) {
      if (!registration.isDeleted) ids.set(registration.scopeURL, registration.registrationId);
    }
  });
  await session.send('ServiceWorker.enable');
  await expect.poll(() => ids.get(`${DASHBOARD_URL}/`)).toBeDefined();
  return ids.get(`${DASHBOARD_URL}/`)!;
}

test('a pushed alarm is shown by the dashboard’s service worker, with a dashboard tab open and with none', async ({
  browser,
}) => {
  const context = await browser.newContext();
  await context.grantPermissions(['notifications'], { origin: DASHBOARD_URL });
  const page = await context.newPage();
  await signedInAs(page, 'Technical-Agent', '/agent/alarms');
  await expect(page.getByRole('switch', { name: 'Alarm notifications on this browser' })).toBeVisible();
  // The suite's api sends no Web Push, and the switch says so.
  await expect(page.getByText('Alarm notifications are not set up on the server.')).toBeVisible();

  // The queue registered the worker for the whole dashboard.
  const active = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(active).toBe(WORKER_URL);

  const session = await context.newCDPSession(page);
  const id = await registrationId(session);
  const push = (session: CDPSession, message: object) =>
    session.send('ServiceWorker.deliverPushMessage', {
      origin: DASHBOARD_URL,
      registrationId: id,
      data: JSON.stringify(message),
    });

  await push(session, {
    title: 'Tamper: CA 123-456',
    body: "High priority, Sipho Ndlovu's vehicle, opened at 08:14.",
    alarmId: 41,
    // The api names the dashboard by its setting; the worker opens the path on its own origin.
    url: 'https://dashboard.elsewhere.example/agent/alarms/41',
    requireInteraction: true,
  });
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      {
        title: 'Tamper: CA 123-456',
        body: "High priority, Sipho Ndlovu's vehicle, opened at 08:14.",
        tag: 'alarm-41',
        data: { url: `${DASHBOARD_URL}/agent/alarms/41` },
        requireInteraction: true,
      },
    ]);

  // Every dashboard tab closed; the browser (this context) stays, with a blank tab to speak through.
  const blank = await context.newPage();
  const blankSession = await context.newCDPSession(blank);
  await blankSession.send('ServiceWorker.enable');
  await page.close();
  expect(context.pages().map((open) => open.url())).toEqual(['about:blank']);
  await push(blankSession, {
    title: 'Power cut: GP 77-88',
    body: "High priority, Thandi Mokoena's vehicle, opened at 08:20.",
    alarmId: 42,
    url: '/agent/alarms/42',
  });

  // Shown while no tab of the dashboard was open: a tab opened afterwards finds it beside the first.
  const later = await context.newPage();
  await later.goto(`${DASHBOARD_URL}/appsettings.json`);
  await expect
    .poll(async () => (await shownNotifications(later)).map(({ title, tag }) => `${tag} ${title}`).sort())
    .toEqual(['alarm-41 Tamper: CA 123-456', 'alarm-42 Power cut: GP 77-88']);
  await context.close();
});
