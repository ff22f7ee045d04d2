import { expect, test } from '@playwright/test';
import { answerCommand, fetchCommands, issueDeviceKey, reportTelemetry } from './device';
import { gotoLive, signedInAs, lockWithReason } from './support';

// Seeded: Sipho Ndlovu (client 5) owns one vehicle, a Kia 'ND 534-102' with device SNT-000103.
const CLIENT_ID = 5;
const SERIAL = 'SNT-000103';

// In order, in one worker: the two View account tests report for the same device, and the device
// key is issued once for them.
test.describe.configure({ mode: 'default' });

test.describe('live vehicle updates on View account', () => {
  let key: string;
  test.beforeAll(async () => {
    key = await issueDeviceKey(SERIAL);
  });

  test.beforeEach(async ({ page }) => {
    await signedInAs(page, 'Technical-Agent');
    await expect(page).toHaveURL(/\/agent\/clients\/all$/);
    await gotoLive(page, `/agent/clients/${CLIENT_ID}/account/view`);
    await expect(page.getByText('ND 534-102').first()).toBeVisible();
  });

  test('a GPS fix from the device moves the vehicle on screen', async ({ page }) => {
    const latitude = -33.918861 + Math.random() / 1000;
    const longitude = 18.4233;
    const started = Date.now();
    await reportTelemetry(SERIAL, key, { latitudeDegrees: latitude, longitudeDegrees: longitude });
    // The coordinates line under the card (the key-less map panel repeats them).
    await expect(page.getByText(`${latitude}, ${longitude}`).last()).toBeVisible({ timeout: 2_000 });
    test.info().annotations.push({ type: 'fix to screen', description: `${Date.now() - started} ms` });
  });

  test('a lock report turns Lock into Unlock, and back', async ({ page }) => {
    await reportTelemetry(SERIAL, key, { locked: true });
    await expect(page.getByRole('button', { name: 'Unlock' })).toBeVisible();
    await reportTelemetry(SERIAL, key, { locked: false });
    await expect(page.getByRole('button', { name: 'Lock', exact: true })).toBeEnabled();
  });
});

test('a tamper report raises the alert badge, the alert pin and a notice naming the vehicle', async ({
  page,
}) => {
  // Seeded: Johan Pillay (client 7) owns a Haval 'ND 186-105' with device SNT-000104 and no standing alert.
  const key = await issueDeviceKey('SNT-000104');
  await signedInAs(page, 'Admin');
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);
  await gotoLive(page, '/agent/clients/7/account/view');
  const card = page.getByRole('region', { name: 'ND 186-105' });
  await expect(card.getByText('Unlocked', { exact: true })).toBeVisible();

  await reportTelemetry('SNT-000104', key, {
    tamper: { carBatteryState: 'Disconnected', gpsState: 'Normal' },
  });

  // Within the notices: the toast's screen-reader announcement repeats the text for a moment.
  await expect(
    page.getByRole('region', { name: 'Live alerts (F8)' }).getByText(/Tamper alert: .*ND 186-105/),
  ).toBeVisible();
  await expect(card.getByText('Alert', { exact: true })).toBeVisible();
  await expect(card.getByRole('group', { name: 'Vehicle location' }).getByText('Tamper alert')).toBeVisible();
});

test("a lock by one agent shows on another agent's screen without a reload", async ({ page, browser }) => {
  // Seeded: client 13 owns a Nissan 'CA 890-115' (The Beast) with device SNT-000108, unlocked.
  await signedInAs(page, 'Admin');
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);
  await page.goto('/agent/clients/13/account/view');
  const lock = page
    .getByRole('region', { name: 'CA 890-115' })
    .getByRole('button', { name: 'Lock', exact: true });
  await expect(lock).toBeEnabled();

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signedInAs(otherPage, 'Technical-Agent');
  await expect(otherPage).toHaveURL(/\/agent\/clients\/all$/);
  await otherPage.goto('/agent/clients/13/account/view');
  const otherCard = otherPage.getByRole('region', { name: 'CA 890-115' });
  // The lock is a command: the vehicle's device (played here) fetches it and confirms.
  const key = await issueDeviceKey('SNT-000108');
  const delivered = fetchCommands('SNT-000108', key);
  await lockWithReason(otherCard);
  const [command] = await delivered;
  await answerCommand('SNT-000108', key, command!.id, { status: 'Confirmed', locked: true });
  await expect(otherCard.getByRole('button', { name: 'Unlock' })).toBeVisible();

  await expect(
    page.getByRole('region', { name: 'CA 890-115' }).getByRole('button', { name: 'Unlock' }),
  ).toBeVisible();
  await other.close();
});
