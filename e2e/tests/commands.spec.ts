import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { PARTNER_URL } from '../playwright.config';
import { apiGet } from './api';
import { answerCommand, fetchCommands, issueDeviceKey } from './device';
import { lockWithReason, signedInAs } from './support';

// Seeded vehicles no other browser test touches, each unlocked with no standing alert:
// client 19's Volkswagen 'CA 591-127' (SNT-000113), client 25's Toyota 'LL 47 SZ GP' (SNT-000117),
// client 36's Volkswagen 'ZV 65 VX GP' (SNT-000124) and client 37's Nissan 'CA 684-157' (SNT-000125).

// Signing in hashes a password with argon2 on the api; on a busy machine that takes a while.
test.slow();

/** Opens a client's account with its live connection up, so no message is sent before it listens. */
async function openAccount(page: Page, clientId: number, registration: string) {
  let answered = false;
  page.on('websocket', (socket) => {
    if (socket.url().includes('/DefaultHub')) socket.on('framereceived', () => (answered = true));
  });
  await signedInAs(page, 'Technical-Agent');
  await expect(page).toHaveURL(/\/agent\/clients\/all$/, { timeout: 20_000 });
  await page.goto(`/agent/clients/${clientId}/account/view`);
  await expect.poll(() => answered).toBe(true);
  const card = page.getByRole('region', { name: registration });
  await expect(card.getByRole('button', { name: 'Lock', exact: true })).toBeEnabled();
  return card;
}

test('a lock the device confirms shows Locking… and then Locked!', async ({ page }) => {
  const serial = 'SNT-000113';
  const key = await issueDeviceKey(serial);
  const card = await openAccount(page, 19, 'CA 591-127');

  // The device is online: it waits for a command on its channel.
  const delivered = fetchCommands(serial, key);
  await expect
    .poll(async () => (await card.getByRole('button', { name: 'Lock', exact: true }).count()) > 0)
    .toBe(true);
  await lockWithReason(card);

  const [command] = await delivered;
  expect(command).toMatchObject({ type: 'Lock' });
  await expect(card.getByText('Locking…')).toBeVisible();
  // Nothing changes until the device answers.
  await expect(card.getByText('Unlocked', { exact: true })).toBeVisible();

  await answerCommand(serial, key, command!.id, { status: 'Confirmed', locked: true });

  await expect(card.getByText('Locked!')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Unlock' })).toBeVisible();
  await expect(card.getByText('Locking…')).toBeHidden();
});

test('a lock for an offline device waits in the queue and is carried out when the device comes back', async ({
  page,
}) => {
  const serial = 'SNT-000117';
  const key = await issueDeviceKey(serial);
  const card = await openAccount(page, 25, 'LL 47 SZ GP');

  await lockWithReason(card);

  await expect(card.getByText('Device offline: the lock will be sent when it reconnects.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel' })).toBeVisible();

  // The device reconnects and finds the command waiting.
  const [command] = await fetchCommands(serial, key, 0);
  expect(command).toMatchObject({ type: 'Lock' });
  await expect(card.getByText('Locking…')).toBeVisible();
  await answerCommand(serial, key, command!.id, { status: 'Confirmed', locked: true });

  await expect(card.getByText('Locked!')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Unlock' })).toBeVisible();
  await expect(card.getByText(/Device offline/)).toBeHidden();
});

test('a device that refuses leaves the vehicle unlocked and says why', async ({ page }) => {
  const serial = 'SNT-000124';
  const key = await issueDeviceKey(serial);
  const card = await openAccount(page, 36, 'ZV 65 VX GP');

  const delivered = fetchCommands(serial, key);
  await lockWithReason(card);
  const [command] = await delivered;
  await answerCommand(serial, key, command!.id, { status: 'Failed', locked: false, reason: 'Door open' });

  await expect(card.getByRole('alert').filter({ hasText: 'Lock failed: Door open.' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Lock', exact: true })).toBeEnabled();
  await expect(card.getByText('Unlocked', { exact: true })).toBeVisible();
});

test("a partner alert the partner does not accept shows the partner's failure for 2 seconds", async ({
  page,
}) => {
  // The partners' test webhook answers 503 for this vehicle, as a partner in an outage would.
  const filter = encodeURIComponent("registrationNumber eq 'CA 684-157'");
  const [vehicle] = (await apiGet<{ items: { id: number }[] }>(`/Vehicles?$filter=${filter}`)).items;
  const refuse = await fetch(`${PARTNER_URL}/refuse/${vehicle!.id}`, { method: 'PUT' });
  expect(refuse.status).toBe(204);
  const card = await openAccount(page, 37, 'CA 684-157');

  const answer = page.waitForResponse((response) =>
    response.url().endsWith(`/Vehicles/${vehicle!.id}/AlertAura`),
  );
  await card.getByRole('button', { name: 'Alert Aura' }).click();
  expect((await answer).status()).toBe(502);

  const failure = card.getByText('Aura did not accept the alert: it answered 503.');
  await expect(failure).toBeVisible();
  await expect(card.getByText('Alert sent')).toBeHidden();
  await expect(failure).toBeHidden({ timeout: 4_000 });
});
