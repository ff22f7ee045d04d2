// The alarm console as two agents use it: a device's tamper report rings on both screens, one
// agent takes the alarm and the other sees who, the first alerts Aura from the alarm page and
// resolves it as a false alarm; the vehicle's history then shows the cancelled alert with who
// cancelled it, and the figures count the time it took to acknowledge.
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { ROUTES } from '@sentinel/domain';
import { issueDeviceKey, reportTelemetry } from './device';
import { freeFittedVehicle } from './fleet';
import { demo, signedInAs } from './support';
import type { StaffRole } from '../playwright.config';

/**
 * An agent's own browser on the alarm queue, with its live connection up, counting the tones the
 * page starts (the alarm's sound is generated with Web Audio: one oscillator per beep).
 */
async function agentOnQueue(browser: Browser, role: StaffRole): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => {
    const counted = window as unknown as { tones: number };
    counted.tones = 0;
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      counted.tones += 1;
      return create.call(this);
    };
  });
  let connected = false;
  page.on('websocket', (socket) => {
    if (socket.url().includes('/DefaultHub')) socket.on('framereceived', () => (connected = true));
  });
  await signedInAs(page, role, '/agent/alarms');
  await expect(page.getByRole('heading', { name: 'Alarms', level: 1 })).toBeVisible();
  await expect.poll(() => connected).toBe(true);
  return page;
}

const tones = (page: Page) => page.evaluate(() => (window as unknown as { tones: number }).tones);

test('two agents share a tamper alarm from ring to resolution, and history and figures show it', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const admin = demo('Admin').name;
  const vehicle = await freeFittedVehicle('first', ({ tamperActive }) => !tamperActive);
  const key = await issueDeviceKey(vehicle.serialNumber);
  const first = await agentOnQueue(browser, 'Admin');
  const second = await agentOnQueue(browser, 'Technical-Agent');
  const row = (page: Page) =>
    page
      .getByRole('list', { name: 'Alarms' })
      .getByRole('listitem')
      .filter({ hasText: vehicle.registrationNumber });
  const tonesBefore = [await tones(first), await tones(second)];

  const reported = Date.now();
  await reportTelemetry(vehicle.serialNumber, key, {
    tamper: { carBatteryState: 'Normal', gpsState: 'Normal' },
  });
  // On both screens, with a sound and the open count in the title.
  for (const page of [first, second]) {
    await expect(row(page)).toBeVisible();
    await expect(row(page)).toContainText('Unowned');
  }
  const onBoth = Date.now() - reported;
  test.info().annotations.push({ type: 'report to both queues', description: `${onBoth} ms` });
  for (const [index, page] of [first, second].entries()) {
    await expect.poll(() => tones(page)).toBeGreaterThan(tonesBefore[index]!);
    await expect(page).toHaveTitle(/^\(\d+\) /);
  }

  // The first agent takes it; the second sees who has it without reloading.
  await row(first).getByRole('button').click();
  await expect(first).toHaveURL(/\/agent\/alarms\/\d+$/);
  await first.getByRole('button', { name: 'Acknowledge' }).click();
  const owner = first.getByRole('definition').filter({ hasNotText: 'Unowned' });
  await expect(first.getByText('Acknowledged', { exact: true }).first()).toBeVisible();
  await expect(owner.getByText(admin, { exact: true })).toBeVisible();
  await expect(row(second)).toBeHidden();
  await second.getByRole('tab', { name: /^Acknowledged/ }).click();
  await expect(row(second)).toContainText(`Acknowledged by ${admin}`);

  // Aura is alerted from the alarm page, then the alarm is resolved as a false alarm.
  await first.getByRole('button', { name: 'Escalate to Aura' }).click();
  const timeline = first.getByRole('list', { name: 'Timeline' });
  await expect(timeline.getByText(/Aura/).first()).toBeVisible();
  await expect(row(second)).toContainText('Escalated');
  await first.getByRole('button', { name: 'Resolve', exact: true }).click();
  const form = first.getByRole('form', { name: 'Resolve alarm' });
  await form.getByRole('button', { name: 'Resolve alarm' }).click();
  await expect(form.getByText('Choose why the alarm is resolved.')).toBeVisible();
  await form.getByRole('combobox', { name: 'Reason' }).click();
  await first.getByRole('option', { name: 'False alarm' }).click();
  await form.getByRole('button', { name: 'Resolve alarm' }).click();
  await expect(first.getByText(`False alarm by ${admin}`)).toBeVisible();
  await expect(row(second)).toBeHidden();

  // The vehicle's history: the alert is cancelled, naming who cancelled it.
  await first.goto(ROUTES.vehicleHistory(vehicle.holderId, vehicle.vehicleId));
  const cancelled = first.getByRole('list', { name: 'Cancelled Alerts' });
  await expect(cancelled).toContainText(`Cancelled by ${admin}`);

  // The figures of today count the alarm with a time to acknowledge.
  await first.goto('/agent/alarms/figures');
  const tamperRow = first.getByRole('row').filter({ hasText: 'Tamper alert' }).first();
  await expect(tamperRow).toBeVisible();
  // The fifth column, 'Acknowledge median': a time, not '—'.
  await expect(tamperRow.getByRole('cell').nth(3)).toHaveText(/^\d+( min \d+)? s$/);

  await first.context().close();
  await second.context().close();
});
