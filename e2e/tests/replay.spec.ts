import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { listVehicles } from './api';
import { signedInAs } from './support';

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

test('jumps to where a tamper alert happened in the last 7 days', async ({ page }) => {
  // The backfill raises (and staff cancel) a tamper alert for every third demo vehicle.
  const items = await listVehicles('deviceId ne null', 'id', 30);
  const vehicle = items.find((item) => item.id % 3 === 0);
  if (!vehicle) throw new Error('no demo vehicle with a tamper alert');
  await page.goto(`/agent/clients/${vehicle.userId}/vehicle/${vehicle.id}/history`);
  await page.getByRole('button', { name: 'Replay' }).click();
  const lastWeek = page.getByRole('button', { name: 'Last 7 days' });
  await lastWeek.click();
  // Today's replay stays on screen until the render that presses the button: only after it are the
  // events on screen the week's (today's may hold an alert of its own).
  await expect(lastWeek).toHaveAttribute('aria-pressed', 'true');

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
