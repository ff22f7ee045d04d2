import { expect, test } from '@playwright/test';
import { fetchCommands, answerCommand, issueDeviceKey, reportTelemetry } from './device';
import { signedInAs } from './support';

// A seeded vehicle no other browser test touches, unlocked with no standing alert:
// client 33's 'ND 944-150' (SNT-000122).
const SERIAL = 'SNT-000122';
const CLIENT_ID = 33;
const REGISTRATION = 'ND 944-150';

// Signing in hashes a password with argon2 on the api; on a busy machine that takes a while.
test.slow();

/** A fix `northMetres` north of a fixed point in Johannesburg, taken at `at`. */
function fix(at: number, northMetres: number) {
  return {
    timestamp: new Date(at).toISOString(),
    latitudeDegrees: -26.1 + northMetres / 111_195,
    longitudeDegrees: 28.05,
  };
}

test('a lock of a vehicle doing 60 km/h waits until it slows down, then reaches the device', async ({
  page,
}) => {
  const key = await issueDeviceKey(SERIAL);
  // Two fixes 17 m and one second apart: about 60 km/h.
  const start = Date.now() - 2_000;
  await reportTelemetry(SERIAL, key, fix(start, 0));
  await reportTelemetry(SERIAL, key, fix(start + 1_000, 17));

  let answered = false;
  page.on('websocket', (socket) => {
    if (socket.url().includes('/DefaultHub')) socket.on('framereceived', () => (answered = true));
  });
  await signedInAs(page, 'Technical-Agent');
  await expect(page).toHaveURL(/\/agent\/clients\/all$/, { timeout: 20_000 });
  await page.goto(`/agent/clients/${CLIENT_ID}/account/view`);
  await expect.poll(() => answered).toBe(true);
  const card = page.getByRole('region', { name: REGISTRATION });

  // Lock asks why before it sends.
  await card.getByRole('button', { name: 'Lock', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Lock the vehicle' });
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Theft in progress' }).click();
  await dialog.getByRole('button', { name: 'Lock', exact: true }).click();
  await expect(dialog).toBeHidden();

  const waiting = card.getByText('Waiting for the vehicle to slow down');
  await expect(waiting).toBeVisible();
  // The one who asked is offered no Send now; the device is handed nothing while the vehicle moves.
  await expect(card.getByRole('button', { name: 'Send now' })).toBeHidden();
  expect(await fetchCommands(SERIAL, key, 0)).toEqual([]);
  // The lock state stays as it was until the device answers.
  await expect(card.getByRole('button', { name: 'Lock', exact: true })).toBeVisible();

  // Walking pace: 1.4 m in the next second.
  await reportTelemetry(SERIAL, key, fix(start + 2_000, 18.4));

  await expect(waiting).toBeHidden();
  const [command] = await fetchCommands(SERIAL, key);
  expect(command).toMatchObject({ type: 'Lock' });
  await expect(card.getByText('Locking…')).toBeVisible();
  await answerCommand(SERIAL, key, command!.id, { status: 'Confirmed', locked: true });

  // Confirmed: the lock button turns to Unlock (the badge keeps showing the vehicle's alert).
  await expect(card.getByRole('button', { name: 'Unlock' })).toBeVisible();
  await expect(card.getByText('Locking…')).toBeHidden();
});
