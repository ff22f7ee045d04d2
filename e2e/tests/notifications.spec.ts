// Telling the people who must act, as a new user would see it: a tamper on a demo vehicle texts and
// e-mails its holder at once (both readable in the development outbox), the alarm's timeline shows
// each message's state, and when nobody acknowledges within NOTIFY_CONTACTS_AFTER_MINUTES (6 s in
// these tests, playwright.config.ts) the holder's first escalation contact is texted too.
import { expect, test } from '@playwright/test';
import { ROUTES } from '@sentinel/domain';
import { API_URL } from '../playwright.config';
import { apiGet, apiToken } from './api';
import { issueDeviceKey, reportTelemetry } from './device';
import { freeFittedVehicle } from './fleet';
import { signedInAs } from './support';

interface OutboxMessage {
  channel: 'sms' | 'email';
  recipient: string;
  subject: string;
  body: string;
  createdAt: string;
}

/** The newest messages to one recipient, from the development outbox (GET /Dev/Outbox). */
async function outboxTo(recipient: string): Promise<OutboxMessage[]> {
  const { items } = await apiGet<{ items: OutboxMessage[] }>(
    `/Dev/Outbox?${new URLSearchParams({ recipient, limit: '20' })}`,
  );
  return items;
}

test('a tamper texts and e-mails the holder within 2 s, and the first contact when nobody acknowledges', async ({
  page,
}) => {
  test.setTimeout(45_000);
  // Another holder's vehicle than the ones other journeys take from the front of the fleet.
  const vehicle = await freeFittedVehicle(
    'last',
    ({ tamperActive, deviceActive }) => !tamperActive && deviceActive,
  );
  const [holder] = (
    await apiGet<{
      items: { firstName: string; lastName: string; email: string; phoneCode: string; phoneNumber: string }[];
    }>(`/Users?$filter=${encodeURIComponent(`id eq ${vehicle.holderId}`)}`)
  ).items;
  if (!holder) throw new Error('no holder');
  const holderPhone = `+${holder.phoneCode}${holder.phoneNumber.replace(/^0/, '')}`;
  // The holder's first escalation contact, as staff keep it on View account.
  const contact = { name: 'Bongani Zulu', phoneCode: '27', phoneNumber: '0825550177', email: null };
  const saved = await fetch(`${API_URL}/Users/${vehicle.holderId}/EscalationContacts`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${await apiToken()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ contacts: [contact] }),
  });
  expect(saved.status, await saved.text()).toBe(200);

  const key = await issueDeviceKey(vehicle.serialNumber);
  const reported = Date.now();
  await reportTelemetry(vehicle.serialNumber, key, {
    tamper: { carBatteryState: 'Normal', gpsState: 'Normal' },
  });

  // The holder's SMS and e-mail leave within 2 s of the report.
  const told = async () => {
    const messages = [...(await outboxTo(holderPhone)), ...(await outboxTo(holder.email))].filter(
      (message) =>
        Date.parse(message.createdAt) >= reported - 1000 && message.body.includes(vehicle.registrationNumber),
    );
    return messages.map((message) => message.channel).sort();
  };
  await expect.poll(told, { intervals: [100], timeout: 2000 }).toEqual(['email', 'sms']);
  const [sms] = (await outboxTo(holderPhone)).filter((message) => message.channel === 'sms');
  expect(sms?.body).toContain('Tamper alert on your vehicle');

  // The alarm's timeline shows both messages sent, and then the contact's, with nobody acknowledging.
  const { items: alarms } = await apiGet<{ items: { id: number; vehicleId: number; kind: string }[] }>(
    '/Alarms?tab=Open&$pagesize=500',
  );
  const alarm = alarms.find((each) => each.vehicleId === vehicle.vehicleId && each.kind === 'Tamper');
  if (!alarm) throw new Error('no Tamper alarm opened');
  await signedInAs(page, 'Admin', ROUTES.alarm(alarm.id));
  const timeline = page.getByRole('list', { name: 'Timeline' });
  const holderName = `${holder.firstName} ${holder.lastName}`;
  await expect(timeline).toContainText(`SMS to ${holderName}`);
  await expect(timeline).toContainText(`E-mail to ${holderName}`);

  await expect
    .poll(
      async () =>
        (await outboxTo('+27825550177')).some((message) => message.body.includes(vehicle.registrationNumber)),
      {
        intervals: [250],
        timeout: 20_000,
      },
    )
    .toBe(true);
  await expect(timeline).toContainText(`SMS to ${contact.name}`, { timeout: 10_000 });
});
