import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signedInAs } from './support';
import { freeFittedVehicle } from './fleet';

// The seed backfills the last week of the demo fleet's trips (the api runs with the simulator off),
// so Thandi Nkosi's (client 4) 'CA 320-100' has trips yesterday.
test.beforeEach(async ({ page }) => {
  await signedInAs(page, 'Technical-Agent');
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);
});

const time = (page: Page) => page.getByTestId('replay-time');

test("replays yesterday's trips of a demo vehicle: scrub, change speed, choose a trip, play", async ({
  page,
}) => {
  await page.goto('/agent/clients/4/account/view');
  await page.getByRole('link', { name: 'Replay CA 320-100' }).click();
  await expect(page).toHaveURL(/\/agent\/clients\/4\/vehicle\/1\/replay$/);
  await expect(page.getByRole('heading', { name: 'Trip replay' })).toBeVisible();

  await page.getByRole('button', { name: 'Yesterday' }).click();
  await expect(page).toHaveURL(/\?period=yesterday$/);
  const trips = page.getByRole('list', { name: 'Trips' }).getByRole('button');
  await expect(trips.first()).toBeVisible();
  expect(await trips.count()).toBeGreaterThan(0);
  await expect(page.getByRole('list', { name: 'Stops' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'Route drawn to scale, north up' })).toBeVisible();
  // The replay starts at yesterday's first fix, shortly after midnight.
  await expect(time(page)).toHaveText(/^00:[0-5]\d:\d\d$/);
  const first = (await time(page).textContent()) ?? '';

  // Scrub: the slider moves the marker, and the readout follows it.
  const timeline = page.getByRole('slider', { name: 'Timeline' });
  await timeline.focus();
  await page.keyboard.press('End');
  await expect(time(page)).not.toHaveText(first);
  await expect(timeline).toHaveAttribute('aria-valuetext', (await time(page).textContent()) ?? '');

  // Choose the first trip: only it plays, from its departure.
  const trip = trips.first();
  await trip.click();
  await expect(trip).toHaveAttribute('aria-pressed', 'true');
  const departure = /Trip 1: \w+, \d\d \w+, (\d\d:\d\d)/.exec((await trip.textContent()) ?? '')?.[1];
  expect(departure).toBeDefined();
  await expect(time(page)).toHaveText(new RegExp(`^${departure}:`));

  // At 16x a trip plays in seconds: the marker moves and stops at the arrival.
  const arrival = / – (\d\d:\d\d)/.exec((await trip.textContent()) ?? '')?.[1];
  await page.getByRole('combobox', { name: 'Speed' }).selectOption('16x');
  const before = (await time(page).textContent()) ?? '';
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(time(page)).not.toHaveText(before);
  await expect(time(page)).toHaveText(new RegExp(`^${arrival}:`), { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();

  await page.getByRole('button', { name: 'Previous fix' }).click();
  await expect(page.getByTestId('replay-speed')).toHaveText(/^\d+ km\/h$/);
  await page.getByRole('button', { name: 'Whole period' }).click();
  await expect(trip).toHaveAttribute('aria-pressed', 'false');
});

/**
 * The replay of the last 7 days of a demo vehicle the backfill gave a tamper alert (every third),
 * one no other journey reports for: a fix far away (live.spec.ts sends one from Cape Town) would
 * draw the week's map at a scale where every event is one marker.
 */
async function openWeekWithTamperAlert(page: Page) {
  const vehicle = await freeFittedVehicle('first', ({ vehicleId }) => vehicleId % 3 === 0);
  await page.goto(`/agent/clients/${vehicle.holderId}/vehicle/${vehicle.vehicleId}/history`);
  await page.getByRole('button', { name: 'Replay' }).click();
  const lastWeek = page.getByRole('button', { name: 'Last 7 days' });
  await lastWeek.click();
  // Today's replay stays on screen until the render that presses the button: only after it are the
  // events on screen the week's (today's may hold an alert of its own).
  await expect(lastWeek).toHaveAttribute('aria-pressed', 'true');
}

test('jumps to where a tamper alert happened in the last 7 days', async ({ page }) => {
  await openWeekWithTamperAlert(page);

  const alert = page
    .getByRole('list', { name: 'Events' })
    .getByRole('button', { name: /^Tamper alert at / })
    .first();
  const label = (await alert.getAttribute('aria-label')) ?? '';
  // The alert and its cancellation sit close together on a week's timeline: a keyboard press is exact.
  await alert.press('Enter');
  await expect(time(page)).toHaveText(label.replace('Tamper alert at ', ''));
  await expect(page.getByTestId('replay-speed')).toHaveText('0 km/h');
});

test("a tamper alert beside a lock on the week's timeline takes the pointer and opens its moment", async ({
  page,
}) => {
  await openWeekWithTamperAlert(page);

  const events = page.getByRole('list', { name: 'Events' });
  const alert = events.getByRole('button', { name: /^Tamper alert at / }).first();
  const label = (await alert.getAttribute('aria-label')) ?? '';
  const moment = label.replace('Tamper alert at ', '');
  const alertBox = await alert.boundingBox();
  if (alertBox === null) throw new Error('the tamper alert is not drawn');
  const middle = alertBox.x + alertBox.width / 2;

  // On a week's timeline the entries beside the alarm (its cancellation minutes later, the
  // owner's lock) lie within a marker's width of it: they are drawn in the row below, gathered
  // into a count when they would overlap one another.
  let beside = null;
  for (const marker of await events.getByRole('button').all()) {
    const box = await marker.boundingBox();
    if (box === null || (await marker.getAttribute('aria-label')) === label) continue;
    if (Math.abs(box.x + box.width / 2 - middle) < 24) beside = marker;
  }
  if (beside === null) throw new Error('no entry beside the tamper alert');
  const besideBox = await beside.boundingBox();
  expect(besideBox!.y).toBeGreaterThanOrEqual(alertBox.y + alertBox.height);

  // A mouse click, not a key: the alarm is the marker on top, nothing takes its pointer.
  await alert.click();
  await expect(time(page)).toHaveText(moment);
  await expect(page.getByTestId('replay-speed')).toHaveText('0 km/h');

  // The neighbours are reachable too: a count opens their list (the owner's lock or unlock chosen
  // when it is there), and an entry jumps to its moment.
  const name = (await beside.getAttribute('aria-label')) ?? '';
  let besideMoment = name.replace(/^.* at /, '');
  if (/^\d+ events from /.test(name)) {
    await beside.click();
    const entries = page.getByRole('menu').getByRole('menuitem');
    const lock = entries.filter({ hasText: /^(Locked|Unlocked) at / });
    const entry = (await lock.count()) > 0 ? lock.first() : entries.first();
    besideMoment = ((await entry.textContent()) ?? '').replace(/^.* at /, '');
    await entry.click();
  } else {
    await beside.click();
  }
  await expect(time(page)).toHaveText(besideMoment);

  // On the map the alarm is drawn above the entries at its place, and a click reaches it too (in
  // the list of the week's tamper alerts when another was raised at the same place).
  const map = page.getByRole('group', { name: 'Events on the map' });
  const onMap = map.getByRole('button', { name: label });
  if ((await onMap.count()) > 0) {
    await onMap.click();
  } else {
    await map
      .getByRole('button', { name: /^\d+ tamper alerts from / })
      .first()
      .click();
    await page.getByRole('menu').getByRole('menuitem', { name: label }).click();
  }
  await expect(time(page)).toHaveText(moment);
});
