// Live location for a responder: a device's tamper report opens an alarm, the agent shares the
// vehicle's live location with armed response from the alarm page, the link opens in a private
// window (a browser context of its own, nobody signed in) and follows the vehicle as it reports,
// and once the agent revokes it the page says only that it has expired. The page has a maps key
// and ../support/google-maps-stand-in.js answers for Google's script, so the marker can be read.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { apiGet } from './api';
import { issueDeviceKey, reportTelemetry } from './device';
import { freeFittedVehicle } from './fleet';
import { demo, signedInAs } from './support';

const STAND_IN = readFileSync(new URL('../support/google-maps-stand-in.js', import.meta.url), 'utf8');

/** Where the stand-in's newest marker stands. */
interface StandInWindow {
  __googleMapsStandIn: { markers: { getPosition(): { lat(): number; lng(): number } | null }[] };
}
const markerAt = (page: Page) =>
  page.evaluate(() => {
    const position = (window as unknown as StandInWindow).__googleMapsStandIn.markers.at(-1)?.getPosition();
    return position ? [position.lat(), position.lng()] : null;
  });

/** A page of its own with the dashboard's maps key and the stand-in served for Google's script. */
async function withMaps(page: Page): Promise<void> {
  await page.route('**/appsettings.json', async (route) => {
    const settings = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ json: { ...settings, googleMapsApiKey: 'the-browser-tests-maps-key' } });
  });
  await page.route(
    (url) => url.hostname === 'maps.googleapis.com',
    (route) => route.fulfill({ contentType: 'text/javascript', body: STAND_IN }),
  );
}

test('an agent shares a tamper alarm’s live location; a private window follows the vehicle until the link is revoked', async ({
  page,
  browser,
}) => {
  // companies.spec.ts takes the last fitted vehicle whose lock state is known: this takes the next.
  // A deactivated device's reports are refused.
  const deactivated = new Set(
    (
      await apiGet<{ items: { serialNumber: string }[] }>(
        `/Devices?${new URLSearchParams({ $filter: 'active eq false', $pagesize: '500' })}`,
      )
    ).items.map((device) => device.serialNumber),
  );
  let passedTheCompanies = false;
  const vehicle = await freeFittedVehicle('last', ({ serialNumber, holderId, isLocked, tamperActive }) => {
    if (!passedTheCompanies && holderId > 5 && isLocked !== null) {
      passedTheCompanies = true;
      return false;
    }
    return holderId > 5 && !tamperActive && !deactivated.has(serialNumber);
  });
  const key = await issueDeviceKey(vehicle.serialNumber);
  await reportTelemetry(vehicle.serialNumber, key, { latitudeDegrees: -26.1076, longitudeDegrees: 28.0567 });
  await reportTelemetry(vehicle.serialNumber, key, {
    tamper: { carBatteryState: 'Normal', gpsState: 'Normal' },
  });
  const { items } = await apiGet<{ items: { id: number; vehicleId: number }[] }>(
    '/Alarms?tab=Open&$pagesize=500',
  );
  const alarm = items.find((item) => item.vehicleId === vehicle.vehicleId);
  if (!alarm) throw new Error(`No open alarm for ${vehicle.registrationNumber}`);

  // The agent shares it from the alarm page; the link is shown once.
  await signedInAs(page, 'Admin', `/agent/alarms/${alarm.id}`);
  await page.getByRole('button', { name: 'Share live location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share live location' });
  await dialog.getByLabel('Recipient').fill('Armed response');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByLabel('Link').inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:5281\/shared\/[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  const admin = demo('Admin').name;
  await expect(
    page.getByRole('list', { name: 'Timeline' }).getByText(`Live location shared with Armed response`),
  ).toContainText(`by ${admin}`);

  // A private window: no session, no sign-in.
  const responder = await browser.newContext();
  const shared = await responder.newPage();
  await withMaps(shared);
  await shared.goto(link);
  await expect(shared.getByRole('heading', { level: 1, name: vehicle.registrationNumber })).toBeVisible();
  await expect(shared.getByText(`Shared with Armed response by ${admin}, until`)).toBeVisible();
  const position = shared.getByText(/^Latest position:/);
  await expect(position).toContainText('-26.10760, 28.05670');
  await expect.poll(() => markerAt(shared)).toEqual([-26.1076, 28.0567]);

  // The vehicle moves: the page follows within its 5 s refresh.
  await reportTelemetry(vehicle.serialNumber, key, { latitudeDegrees: -26.1012, longitudeDegrees: 28.0603 });
  await expect(position).toContainText('-26.10120, 28.06030', { timeout: 10_000 });
  await expect.poll(() => markerAt(shared)).toEqual([-26.1012, 28.0603]);

  // Revoked: the open page says only that the link has expired.
  const links = page.getByRole('list', { name: 'Live location links' });
  const item = links.getByRole('listitem', { name: 'Link for Armed response' });
  await item.getByRole('button', { name: 'Revoke' }).click();
  await expect(item).toContainText(`Revoked by ${admin}`);
  await expect(item).toContainText(/\d+ views?, last .* from /);
  await expect(shared.getByRole('main')).toHaveText('This link has expired', { timeout: 10_000 });
  await expect(shared.getByText(vehicle.registrationNumber)).toHaveCount(0);
  await responder.close();
});
