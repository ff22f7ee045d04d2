import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { TestDevice, avlRecord } from '@sentinel/device-gateway/test-device';
import { CODEC_8_EXTENDED, FMB_IO } from '@sentinel/teltonika';
import { GATEWAY_OSMAND_URL, GATEWAY_TELTONIKA_PORT } from '../playwright.config';
import { OWNED_BY_DEVICE_GATEWAY } from './fleet';
import { gotoLive, lockWithReason, signedInAs } from './support';

// Real trackers through the device gateway the suite starts (playwright.config.ts), as a new user
// tries them: a device registered by its serial in the vehicle card's Change Device dialog and
// linked there, then reporting over Teltonika's TCP protocol or a phone's OsmAnd HTTP.
// Seeded vehicles no other journey touches (see fleet.ts): client 24's 'ND 501-135' (SNT-000116)
// takes Teltonika's documented IMEI, client 18's 'VH 35 MR GP' (SNT-000112) a phone's OsmAnd id.

const { imei: IMEI, osmandId: OSMAND_ID } = OWNED_BY_DEVICE_GATEWAY;

/**
 * The Codec 8 Extended example of Teltonika's documentation ("Teltonika Data Sending Protocols"):
 * one record of 2019 at latitude and longitude 0, acknowledged with a record count of 1.
 */
const DOCUMENTED_CODEC_8_EXTENDED = Buffer.from(
  '000000000000004A8E010000016B412CEE000100000000000000000000000000000000010005000100010100010011' +
    '001D00010010015E2C880002000B000000003544C87A000E000000001DD7E06A00000100002994',
  'hex',
);

/** Opens the client's account signed in as the Admin, its live connection up; answers the vehicle's card. */
async function openCard(page: Page, clientId: number, registration: string): Promise<Locator> {
  await signedInAs(page, 'Admin');
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);
  await gotoLive(page, `/agent/clients/${clientId}/account/view`);
  const card = page.getByRole('region', { name: registration });
  await expect(card).toBeVisible();
  return card;
}

/** The card's coordinates line (the key-less map panel above it repeats them). */
function coordinates(card: Locator, { latitude, longitude }: { latitude: number; longitude: number }) {
  return card.getByText(`${latitude}, ${longitude}`).last();
}

/** Registers the serial in the card's Change Device dialog, as it is not found, and links it. */
async function registerAndLink(card: Locator, serialNumber: string) {
  const page = card.page();
  await card.getByRole('button', { name: 'Change device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Device' });
  await dialog.getByLabel('New device serial number').fill(serialNumber);
  await expect(dialog.getByText('Device not found')).toBeVisible();
  await dialog.getByRole('button', { name: `Register device ${serialNumber}` }).click();
  await expect(dialog.getByRole('list', { name: 'Matching devices' }).getByText(serialNumber)).toBeVisible();
  await dialog.getByRole('button', { name: 'Change device' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(serialNumber)).toBeVisible();
}

test("Teltonika's documented IMEI reports over TCP onto its vehicle's card, and Lock goes out as setdigout 1", async ({
  page,
}) => {
  const path = '/agent/clients/24/account/view';
  let card = await openCard(page, 24, 'ND 501-135');
  await registerAndLink(card, IMEI);

  const tracker = await TestDevice.online(GATEWAY_TELTONIKA_PORT, IMEI);
  try {
    // The documented packet, byte for byte: its one record is acknowledged once stored.
    tracker.send(DOCUMENTED_CODEC_8_EXTENDED);
    expect(await tracker.next()).toMatchObject({ kind: 'record-count', count: 1 });

    // A record of the same shape taken now, on the road, its backup battery low and DOUT1 off.
    const position = { latitude: -29.85868, longitude: 31.02922 };
    const now = avlRecord(position, {
      [FMB_IO.externalVoltage]: 12_640,
      [FMB_IO.batteryLevel]: 15,
      [FMB_IO.digitalOutput1]: 0,
    });
    expect(await tracker.report(CODEC_8_EXTENDED, [now])).toBe(1);
    await expect(coordinates(card, position)).toBeVisible();
    // The battery comes with the vehicle (no live message carries it): opening the card again shows it.
    await gotoLive(page, path);
    card = page.getByRole('region', { name: 'ND 501-135' });
    await expect(card.getByText('Low device battery', { exact: true })).toBeVisible();
    await expect(coordinates(card, position)).toBeVisible();

    // Charged again by the next report, the card shows the lock state the tracker reported.
    const charged = avlRecord(position, {
      [FMB_IO.externalVoltage]: 12_660,
      [FMB_IO.batteryLevel]: 86,
      [FMB_IO.digitalOutput1]: 0,
    });
    expect(await tracker.report(CODEC_8_EXTENDED, [charged])).toBe(1);
    await gotoLive(page, path);
    card = page.getByRole('region', { name: 'ND 501-135' });
    await expect(card.getByText('Unlocked', { exact: true })).toBeVisible();

    await lockWithReason(card);

    expect(await tracker.command()).toBe('setdigout 1');
    await expect(card.getByText('Locking…')).toBeVisible();
    tracker.answer('DOUT1:1 DOUT2:0');
    await expect(card.getByText('Locked!')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Unlock' })).toBeVisible();
  } finally {
    tracker.close();
  }
});

test("a phone's OsmAnd report in Traccar Client's JSON moves another vehicle", async ({ page }) => {
  const card = await openCard(page, 18, 'VH 35 MR GP');
  await registerAndLink(card, OSMAND_ID);
  const coords = { latitude: -26.195246, longitude: 28.034088 };

  // What Traccar Client 9 posts for each location (its JSON template).
  const response = await fetch(`${GATEWAY_OSMAND_URL}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      location: {
        timestamp: new Date().toISOString(),
        coords: { ...coords, accuracy: 6.1, speed: 8.3, heading: 91.5, altitude: 1_753 },
        is_moving: true,
        odometer: 2_312.7,
        event: '',
        battery: { level: 0.64, is_charging: false },
        activity: { type: 'in_vehicle' },
        extras: {},
      },
      device_id: OSMAND_ID,
    }),
  });

  expect(response.status).toBe(200);
  await expect(coordinates(card, coords)).toBeVisible();
});
