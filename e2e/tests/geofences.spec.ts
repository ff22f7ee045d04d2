// Geofences as an Admin uses them: draw a high-risk zone on the road ahead of a demo vehicle, with a
// rule that holds at every hour of every day, and when the vehicle's device reports it inside, the
// alarm queue rings with an alarm whose timeline names the zone and the rule. Then a new exit rule
// round the vehicle's home is tried on the last 7 days of its demo trips before it is saved,
// and lists the breaches it would have raised.
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { replayPeriod } from '@sentinel/domain';
import { apiGet } from './api';
import { issueDeviceKey, reportTelemetry } from './device';
import { OWNED_BY_GEOFENCES } from './fleet';
import { gotoLive, signedInAs } from './support';

const METRES_PER_DEGREE = 111_195;

async function newGeofence(page: Page, name: string, registration: string): Promise<Locator> {
  await page.getByRole('button', { name: 'New geofence' }).click();
  const dialog = page.getByRole('dialog', { name: 'New geofence' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Vehicle', exact: true }).fill(registration);
  await page.getByRole('option', { name: registration }).click();
  return dialog;
}

test('a vehicle entering a zone drawn on its road rings the queue naming the zone; a new exit rule is tried on its last 7 days', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const [device] = (
    await apiGet<{ items: { vehicleId: number }[] }>(
      `/Devices?${new URLSearchParams({ $filter: `serialNumber eq '${OWNED_BY_GEOFENCES}'` })}`,
    )
  ).items;
  const [vehicle] = (
    await apiGet<{
      items: {
        id: number;
        registrationNumber: string;
        lastKnownGpsLatitudeDegrees: number;
        lastKnownGpsLongitudeDegrees: number;
      }[];
    }>(`/Vehicles?${new URLSearchParams({ $filter: `id eq ${device!.vehicleId}` })}`)
  ).items;
  const { registrationNumber: registration } = vehicle!;
  const latitude = vehicle!.lastKnownGpsLatitudeDegrees;
  const longitude = vehicle!.lastKnownGpsLongitudeDegrees;
  const key = await issueDeviceKey(OWNED_BY_GEOFENCES);
  const zone = `Hijack hotspot ${Date.now()}`;

  // Another agent watches the queue.
  const queue = await (await browser.newContext()).newPage();
  await signedInAs(queue, 'Technical-Agent');
  await gotoLive(queue, '/agent/alarms');

  // A square of about 600 m a side, 1 km up the road, pasted as its corners.
  await signedInAs(page, 'Admin', '/agent/geofences');
  await expect(page.getByRole('heading', { level: 1, name: 'Geofences' })).toBeVisible();
  const north = (metres: number) => (latitude + metres / METRES_PER_DEGREE).toFixed(6);
  const east = (metres: number) =>
    (longitude + metres / METRES_PER_DEGREE / Math.cos((latitude * Math.PI) / 180)).toFixed(6);
  let dialog = await newGeofence(page, zone, registration);
  await dialog.getByRole('combobox', { name: 'Shape' }).click();
  await page.getByRole('option', { name: 'Polygon' }).click();
  await dialog
    .getByRole('textbox', { name: 'Corners' })
    .fill(
      [
        `${north(700)}, ${east(-300)}`,
        `${north(700)}, ${east(300)}`,
        `${north(1300)}, ${east(300)}`,
        `${north(1300)}, ${east(-300)}`,
      ].join('\n'),
    );
  // The rule holds every day, all day: the schedule is the whole week.
  await dialog.getByRole('combobox', { name: 'Priority' }).click();
  await page.getByRole('option', { name: 'High' }).click();
  await dialog.getByRole('checkbox', { name: 'Only on some days and hours' }).click();
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
    const box = dialog.getByRole('checkbox', { name: day });
    if (!(await box.isChecked())) await box.click();
  }
  await dialog.getByRole('textbox', { name: 'From' }).fill('00:00');
  await dialog.getByRole('textbox', { name: 'To' }).fill('23:59');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const listed = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: zone }) });
  await expect(listed).toContainText('Polygon, 4 corners');
  await expect(listed).toContainText('on entering, every day 00:00–23:59');

  // The vehicle drives into it.
  const reported = Date.now();
  await reportTelemetry(OWNED_BY_GEOFENCES, key, {
    latitudeDegrees: Number(north(1000)),
    longitudeDegrees: longitude,
  });
  const row = queue
    .getByRole('list', { name: 'Alarms' })
    .getByRole('listitem')
    .filter({ hasText: registration })
    .filter({ hasText: 'Geofence rule broken' });
  await expect(row).toBeVisible();
  test.info().annotations.push({ type: 'report to queue', description: `${Date.now() - reported} ms` });
  await row.getByRole('button').click();
  await expect(queue.getByRole('list', { name: 'Timeline' })).toContainText(
    `Entered ${zone} (rule: on entering, every day 00:00–23:59)`,
  );
  await queue.context().close();

  // A new exit rule round where the vehicle's demo day began yesterday (its home), tried on its
  // demo week before it is saved.
  const { items: fixes } = await apiGet<{ items: { latitudeDegrees: number; longitudeDegrees: number }[] }>(
    `/Vehicles/${vehicle!.id}/Replay/Fixes?${new URLSearchParams({ ...replayPeriod('yesterday', new Date()), $pagesize: '1' })}`,
  );
  const home = fixes[0]!;
  dialog = await newGeofence(page, `Home ${Date.now()}`, registration);
  await dialog.getByRole('textbox', { name: 'Centre latitude' }).fill(String(home.latitudeDegrees));
  await dialog.getByRole('textbox', { name: 'Centre longitude' }).fill(String(home.longitudeDegrees));
  await dialog.getByRole('textbox', { name: 'Radius in metres' }).fill('300');
  await dialog.getByRole('combobox', { name: 'Trigger' }).click();
  await page.getByRole('option', { name: 'On leaving' }).click();
  await dialog.getByRole('button', { name: 'Try on the last 7 days' }).click();
  const tried = dialog.getByRole('region', { name: 'Last 7 days' });
  await expect(tried).toContainText(/[1-9]\d* breach(es)? over \d+ fixes of 1 vehicle\./);
  await expect(tried.getByRole('listitem').first()).toContainText(registration);
  await expect(tried.getByRole('listitem').first()).toContainText('Left Home');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: /^Home / })).toHaveCount(0);
});
