// Arming as an agent uses it: arm a vehicle from its card, and when its device reports it moving
// with the ignition on, the alarm queue rings with 'Moved while armed' and 'Ignition on while armed'
// within moments; disarmed, the card says so.
import { expect, test } from '@playwright/test';
import { apiGet } from './api';
import { issueDeviceKey, reportTelemetry } from './device';
import { gotoLive, signedInAs } from './support';

// Client 30's 'CA 344-145' (SNT-000120), which no other journey touches (see fleet.ts).
const CLIENT_ID = 30;
const SERIAL = 'SNT-000120';
const REGISTRATION = 'CA 344-145';

test('an armed vehicle that moves with its ignition on rings the alarm queue; disarmed, it says so', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const [vehicle] = (
    await apiGet<{
      items: { id: number; lastKnownGpsLatitudeDegrees: number; lastKnownGpsLongitudeDegrees: number }[];
    }>(`/Vehicles?${new URLSearchParams({ $filter: `registrationNumber eq '${REGISTRATION}'` })}`)
  ).items;
  const key = await issueDeviceKey(SERIAL);

  await signedInAs(page, 'Technical-Agent', `/agent/clients/${CLIENT_ID}/account/view`);
  const card = page.getByRole('region', { name: REGISTRATION });
  await card.getByRole('button', { name: 'Arm', exact: true }).click();
  await expect(card.getByText('Armed', { exact: true })).toBeVisible();

  // Another agent watches the queue.
  const queue = await (await browser.newContext()).newPage();
  await signedInAs(queue, 'Admin');
  await gotoLive(queue, '/agent/alarms');
  const rows = queue
    .getByRole('list', { name: 'Alarms' })
    .getByRole('listitem')
    .filter({ hasText: REGISTRATION });

  // Driven away: 400 m north of where it stood when armed, ignition on.
  const reported = Date.now();
  await reportTelemetry(SERIAL, key, {
    latitudeDegrees: vehicle!.lastKnownGpsLatitudeDegrees + 400 / 111_195,
    longitudeDegrees: vehicle!.lastKnownGpsLongitudeDegrees,
    ignition: true,
  });
  await expect(rows.filter({ hasText: 'Moved while armed' })).toBeVisible();
  await expect(rows.filter({ hasText: 'Ignition on while armed' })).toBeVisible();
  test.info().annotations.push({ type: 'report to queue', description: `${Date.now() - reported} ms` });

  await card.getByRole('button', { name: 'Disarm' }).click();
  await expect(card.getByRole('button', { name: 'Arm', exact: true })).toBeVisible();
  await expect(card.getByText('Armed', { exact: true })).toBeHidden();
  await queue.context().close();
});
