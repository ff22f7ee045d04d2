/*
 * The notification outbox end to end, on both engines: a device report opens an alarm through the
 * real telemetry route, the opening queues the holder's messages and the staff's pushes in its
 * transaction, the worker sends them through the provider (the development outbox table, behind a
 * stand-in of the provider interface that can be told to fail), retries with backoff, fails for
 * good, and the escalation sweep tells the holder's contacts in order until someone acknowledges.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { johannesburgTime } from '@sentinel/domain';
import { instant } from '../db/database';
import { DEMO_SIGN_INS } from '../db/seed';
import { addCompanyOfDemoAdmin, addTrackedVehicle } from '../live/test-support';
import type { TrackedVehicle } from '../live/test-support';
import { ago, alarmsOfVehicle, call, detail, report, startAlarmApi } from '../alarms/test-support';
import type { AlarmApi } from '../alarms/test-support';
import { DeliveryError, outboxMessageSender } from '../providers/messages';
import type { EmailMessage, MessageSender, SmsMessage } from '../providers/messages';
import { sweepEscalations } from './escalation';
import { notificationOptions } from './notification-settings';

/**
 * A stand-in of the SMS and e-mail provider: it hands every message to the development outbox
 * (what GET /Dev/Outbox reads), unless told to throw for a message whose text contains a word.
 */
class ScriptedProvider implements MessageSender {
  inner: MessageSender | undefined;
  private readonly failures: { word: string; errors: DeliveryError[]; always: boolean }[] = [];

  /** The next messages containing `word` throw these errors, in order (or forever with `always`). */
  fail(word: string, errors: DeliveryError[], always = false) {
    this.failures.push({ word, errors, always });
  }

  private throwIfScripted(text: string) {
    const failure = this.failures.find((each) => text.includes(each.word));
    if (!failure) return;
    const error = failure.always ? failure.errors[0] : failure.errors.shift();
    if (error) throw error;
  }

  async sendSms(message: SmsMessage) {
    this.throwIfScripted(message.body);
    await this.inner!.sendSms(message);
    return { providerMessageId: `stand-in-${message.to}-${Date.now()}` };
  }

  async sendEmail(message: EmailMessage) {
    this.throwIfScripted(`${message.subject}\n${message.body}`);
    await this.inner!.sendEmail(message);
  }
}

const provider = new ScriptedProvider();
let api: AlarmApi;

beforeAll(async () => {
  api = await startAlarmApi({
    messageSender: provider,
    // The silent sweep and the escalation sweep stay out: the escalation tests judge by their own `now`.
    alarms: { silentSweepMs: 3_600_000 },
    notifications: {
      contactsAfterMinutes: 1,
      escalationSweepMs: 3_600_000,
      retryBaseSeconds: 0.05,
      retryMaxSeconds: 0.2,
      pollMs: 25,
    },
  });
  provider.inner = outboxMessageSender(api.app.db);
});

afterAll(async () => {
  await api.app.close();
});

/** Polls `read` every 20 ms until `done` holds (5 s at most); answers the last reading. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function messagesOf(alarmId: number) {
  return api.app.db
    .selectFrom('notifications')
    .selectAll()
    .where('alarmId', '=', alarmId)
    .orderBy('id')
    .execute();
}

const settled = (rows: { state: string }[]) =>
  rows.length > 0 && rows.every((row) => row.state !== 'Queued' && row.state !== 'Sending');

async function messageLines(alarmId: number): Promise<string[]> {
  const { timeline } = await detail(api, alarmId);
  return timeline.filter((entry) => entry.type === 'Message').map((entry) => entry.text ?? '');
}

async function registrationOf(vehicle: TrackedVehicle): Promise<string> {
  const row = await api.app.db
    .selectFrom('vehicles')
    .select('registrationNumber')
    .where('id', '=', vehicle.vehicleId)
    .executeTakeFirstOrThrow();
  return row.registrationNumber;
}

async function holderName(vehicle: TrackedVehicle): Promise<string> {
  const row = await api.app.db
    .selectFrom('users')
    .select(['firstName', 'lastName'])
    .where('id', '=', vehicle.ownerId)
    .executeTakeFirstOrThrow();
  return `${row.firstName} ${row.lastName}`;
}

/** A tamper report on the vehicle; answers the alarm it opened. */
async function tamper(vehicle: TrackedVehicle, extra: object = {}): Promise<number> {
  await report(api, vehicle, {
    timestamp: ago(5),
    tamper: { carBatteryState: 'Normal', gpsState: 'Normal' },
    ...extra,
  });
  const alarms = await alarmsOfVehicle(api, vehicle.vehicleId);
  return alarms.find((alarm) => alarm.kind === 'Tamper')!.id;
}

async function setPreferences(
  vehicle: TrackedVehicle,
  preferences: { kinds: string[]; channels: string[]; quietFrom?: string; quietTo?: string },
) {
  await api.app.db
    .insertInto('notificationPreferences')
    .values({
      holderUserId: vehicle.ownerId,
      kinds: JSON.stringify(preferences.kinds),
      channels: JSON.stringify(preferences.channels),
      quietFrom: preferences.quietFrom ?? null,
      quietTo: preferences.quietTo ?? null,
      updatedAt: instant(),
    })
    .execute();
}

describe('a tamper report', () => {
  it('sends the holder an SMS and an e-mail, readable in the outbox, with their timeline lines queued then sent', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const registration = await registrationOf(vehicle);
    const name = await holderName(vehicle);

    const alarmId = await tamper(vehicle);

    const rows = await until(() => messagesOf(alarmId), settled);
    expect(
      rows.map(({ audience, channel, state, attempts }) => ({ audience, channel, state, attempts })),
    ).toEqual([
      { audience: 'Holder', channel: 'sms', state: 'Sent', attempts: 1 },
      { audience: 'Holder', channel: 'email', state: 'Sent', attempts: 1 },
    ]);
    expect(rows[0]!.providerMessageId).toMatch(/^stand-in-/);
    const outbox = await api.app.db
      .selectFrom('outbox')
      .select(['channel', 'recipient', 'subject', 'body'])
      .where('body', 'like', `%${registration}%`)
      .orderBy('id')
      .execute();
    expect(outbox).toHaveLength(2);
    const sms = outbox.find((message) => message.channel === 'sms')!;
    expect(sms.recipient).toBe('+27821112233');
    expect(sms.body).toContain(`Tamper alert on your vehicle ${registration}`);
    expect(sms.body.length).toBeLessThanOrEqual(160);
    const email = outbox.find((message) => message.channel === 'email')!;
    expect(email.recipient).toMatch(/^live-.*@example\.test$/);
    expect(email.subject).toBe(`Sentinel alert: Tamper alert on your vehicle ${registration}`);
    expect(email.body).toContain(`Hello ${name},`);

    const lines = await until(
      () => messageLines(alarmId),
      (each) => each.length === 4,
    );
    expect(lines.slice(0, 2)).toEqual([`SMS to ${name}: queued`, `E-mail to ${name}: queued`]);
    expect(lines.slice(2).sort()).toEqual([`E-mail to ${name}: sent`, `SMS to ${name}: sent`]);
  });

  it('tells nobody again when it joins the open alarm', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const alarmId = await tamper(vehicle);
    await until(() => messagesOf(alarmId), settled);

    await tamper(vehicle);

    expect(await messagesOf(alarmId)).toHaveLength(2);
  });
});

describe("the holder's preferences", () => {
  it('tell nothing of a kind not chosen', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    await setPreferences(vehicle, { kinds: ['PowerCut', 'Panic'], channels: ['sms', 'email'] });

    const alarmId = await tamper(vehicle);

    expect(await messagesOf(alarmId)).toEqual([]);
    expect(await messageLines(alarmId)).toEqual([]);
  });

  it('send e-mail alone when only e-mail is chosen', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    await setPreferences(vehicle, { kinds: ['Tamper'], channels: ['email'] });

    const alarmId = await tamper(vehicle);

    const rows = await until(() => messagesOf(alarmId), settled);
    expect(rows.map(({ channel, state }) => ({ channel, state }))).toEqual([
      { channel: 'email', state: 'Sent' },
    ]);
  });

  it('hold a low device battery till the quiet hours end, but never a tamper', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const hour = 3_600_000;
    const quietTo = johannesburgTime(new Date(Date.now() + hour));
    await setPreferences(vehicle, {
      kinds: ['Tamper', 'LowDeviceBattery'],
      channels: ['sms'],
      quietFrom: johannesburgTime(new Date(Date.now() - hour)),
      quietTo,
    });

    const tamperId = await tamper(vehicle, { deviceBatteryPercent: 5 });
    const battery = (await alarmsOfVehicle(api, vehicle.vehicleId)).find(
      (alarm) => alarm.kind === 'LowDeviceBattery',
    )!;

    const sent = await until(() => messagesOf(tamperId), settled);
    expect(sent.map((row) => row.state)).toEqual(['Sent']);
    const held = await messagesOf(battery.id);
    expect(held.map((row) => row.state)).toEqual(['Queued']);
    expect(Date.parse(held[0]!.nextAttemptAt)).toBeGreaterThan(Date.now() + hour - 120_000);
    expect(await messageLines(battery.id)).toEqual([
      `SMS to ${await holderName(vehicle)}: queued until ${quietTo} (quiet hours)`,
    ]);
  });
});

describe('a provider that fails', () => {
  it('is tried again after a wait while it is down, and the timeline says so, then sent', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const registration = await registrationOf(vehicle);
    await setPreferences(vehicle, { kinds: ['Tamper'], channels: ['sms'] });
    provider.fail(`vehicle ${registration} `, [
      new DeliveryError('The SMS provider answered 503.', false),
      new DeliveryError('The SMS provider did not answer in time.', false),
    ]);

    const alarmId = await tamper(vehicle);

    const rows = await until(() => messagesOf(alarmId), settled);
    expect(rows.map(({ state, attempts, lastError }) => ({ state, attempts, lastError }))).toEqual([
      { state: 'Sent', attempts: 3, lastError: null },
    ]);
    const name = await holderName(vehicle);
    expect(await messageLines(alarmId)).toEqual([
      `SMS to ${name}: queued`,
      `SMS to ${name}: retrying (attempt 1): The SMS provider answered 503.`,
      `SMS to ${name}: retrying (attempt 2): The SMS provider did not answer in time.`,
      `SMS to ${name}: sent`,
    ]);
  });

  it('fails at once when the provider says sending again cannot help', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const registration = await registrationOf(vehicle);
    await setPreferences(vehicle, { kinds: ['Tamper'], channels: ['sms'] });
    provider.fail(`vehicle ${registration} `, [
      new DeliveryError('The number is not a mobile number.', true),
    ]);

    const alarmId = await tamper(vehicle);

    const rows = await until(() => messagesOf(alarmId), settled);
    expect(rows.map(({ state, attempts }) => ({ state, attempts }))).toEqual([
      { state: 'Failed', attempts: 1 },
    ]);
    expect(rows[0]!.failedAt).not.toBeNull();
    expect((await messageLines(alarmId)).at(-1)).toBe(
      `SMS to ${await holderName(vehicle)}: failed: The number is not a mobile number.`,
    );
  });

  it('fails after the last attempt when it stays down', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const registration = await registrationOf(vehicle);
    await setPreferences(vehicle, { kinds: ['Tamper'], channels: ['email'] });
    provider.fail(
      `vehicle ${registration}`,
      [new DeliveryError('The mail server answered 451.', false)],
      true,
    );

    const alarmId = await tamper(vehicle);

    const rows = await until(() => messagesOf(alarmId), settled);
    const { maxAttempts } = api.app.notifications.settings;
    expect(rows.map(({ state, attempts }) => ({ state, attempts }))).toEqual([
      { state: 'Failed', attempts: maxAttempts },
    ]);
    const lines = await messageLines(alarmId);
    expect(lines.filter((line) => line.includes('retrying'))).toHaveLength(maxAttempts - 1);
    expect(lines.at(-1)).toBe(
      `E-mail to ${await holderName(vehicle)}: failed: The mail server answered 451.`,
    );
  });
});

describe("the staff's browsers", () => {
  async function subscribe(email: string, endpoint: string) {
    const user = await api.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await api.app.db
      .insertInto('pushSubscriptions')
      .values({ userId: user.id, endpoint, p256dh: 'key', auth: 'auth', createdAt: instant() })
      .execute();
    return user.id;
  }
  const demo = (role: string) => DEMO_SIGN_INS.find((signIn) => signIn.role === role)!.email;

  it('get one push each where the vehicle is in their scope, and add nothing to the timeline', async () => {
    const adminId = await subscribe(demo('Admin'), 'https://push.example/admin');
    const companyAdminId = await subscribe(demo('Company-Admin'), 'https://push.example/company-admin');
    const outside = await addTrackedVehicle(api.app);
    await setPreferences(outside, { kinds: [], channels: ['sms'] });
    const inside = await addTrackedVehicle(api.app, {
      companyId: await addCompanyOfDemoAdmin(api.app, companyAdminId),
    });
    await setPreferences(inside, { kinds: [], channels: ['sms'] });

    const outsideAlarm = await tamper(outside);
    const insideAlarm = await tamper(inside);

    const pushes = async (alarmId: number) =>
      (await until(() => messagesOf(alarmId), settled)).map(({ audience, channel, userId, recipient }) => ({
        audience,
        channel,
        userId,
        recipient,
      }));
    expect(await pushes(outsideAlarm)).toEqual([
      { audience: 'Staff', channel: 'push', userId: adminId, recipient: 'https://push.example/admin' },
    ]);
    expect(await pushes(insideAlarm)).toEqual([
      { audience: 'Staff', channel: 'push', userId: adminId, recipient: 'https://push.example/admin' },
      {
        audience: 'Staff',
        channel: 'push',
        userId: companyAdminId,
        recipient: 'https://push.example/company-admin',
      },
    ]);
    expect(await messageLines(insideAlarm)).toEqual([]);
    await api.app.db.deleteFrom('pushSubscriptions').execute();
  });
});

describe('escalation to the holder’s contacts', () => {
  it('tells contact 1, then contact 2 a period later, and nobody after someone acknowledges', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const registration = await registrationOf(vehicle);
    const name = await holderName(vehicle);
    await setPreferences(vehicle, { kinds: [], channels: ['sms'] });
    const now = instant();
    await api.app.db
      .insertInto('escalationContacts')
      .values(
        [
          { position: 1, name: 'Naledi Mokoena', phoneNumber: '821110001', email: 'naledi@example.test' },
          { position: 2, name: 'Pieter Botha', phoneNumber: '821110002', email: null },
          { position: 3, name: 'Ayesha Patel', phoneNumber: '821110003', email: null },
        ].map((contact) => ({
          ...contact,
          holderUserId: vehicle.ownerId,
          phoneCode: '27',
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    const alarmId = await tamper(vehicle);
    const openedAt = Date.parse((await alarmsOfVehicle(api, vehicle.vehicleId))[0]!.openedAt);
    const sweepAt = (seconds: number) =>
      sweepEscalations(
        api.app.db,
        api.app.vehicleEvents,
        api.app.notifications.settings,
        new Date(openedAt + seconds * 1000),
      );
    const contactRows = async () =>
      (await messagesOf(alarmId)).map(({ audience, channel, recipient, recipientName, state }) => ({
        audience,
        channel,
        recipient,
        recipientName,
        state,
      }));

    expect(await sweepAt(59)).toBe(0);
    expect(await sweepAt(61)).toBe(1);
    expect(await sweepAt(61)).toBe(0);
    expect(await until(contactRows, settled)).toEqual([
      {
        audience: 'Contact',
        channel: 'sms',
        recipient: '+27821110001',
        recipientName: 'Naledi Mokoena (contact 1)',
        state: 'Sent',
      },
      {
        audience: 'Contact',
        channel: 'email',
        recipient: 'naledi@example.test',
        recipientName: 'Naledi Mokoena (contact 1)',
        state: 'Sent',
      },
    ]);
    const text = await api.app.db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', '+27821110001')
      .where('body', 'like', `%${registration}%`)
      .executeTakeFirstOrThrow();
    expect(text.body).toContain(`${name}'s vehicle ${registration}`);

    expect(await sweepAt(121)).toBe(1);
    expect((await until(contactRows, (rows) => rows.length === 3 && settled(rows))).at(-1)).toMatchObject({
      recipient: '+27821110002',
      recipientName: 'Pieter Botha (contact 2)',
      state: 'Sent',
    });

    expect((await call(api, 'POST', `/Alarms/${alarmId}/Acknowledge`)).status).toBe(200);
    expect(await sweepAt(181)).toBe(0);
    expect(await sweepAt(600)).toBe(0);
    expect((await alarmsOfVehicle(api, vehicle.vehicleId))[0]!.contactsTold).toBe(2);
    expect(await messageLines(alarmId)).toContain('SMS to Pieter Botha (contact 2): sent');
  });

  it('leaves the contacts out of a low device battery: the control room follows that up', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const now = instant();
    await api.app.db
      .insertInto('escalationContacts')
      .values({
        holderUserId: vehicle.ownerId,
        position: 1,
        name: 'Naledi Mokoena',
        phoneCode: '27',
        phoneNumber: '821110009',
        email: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await report(api, vehicle, { timestamp: ago(5), deviceBatteryPercent: 5 });
    const [battery] = await alarmsOfVehicle(api, vehicle.vehicleId);
    expect(battery?.kind).toBe('LowDeviceBattery');
    const openedAt = Date.parse(battery!.openedAt);
    const told = await sweepEscalations(
      api.app.db,
      api.app.vehicleEvents,
      api.app.notifications.settings,
      new Date(openedAt + 3_600_000),
    );
    expect(told).toBe(0);
    expect((await alarmsOfVehicle(api, vehicle.vehicleId))[0]!.contactsTold).toBe(0);
  });
});

describe('the settings', () => {
  it('read NOTIFY_* with their defaults, decimals where allowed', () => {
    expect(notificationOptions({})).toEqual({});
    expect(
      notificationOptions({
        NOTIFY_CONTACTS_AFTER_MINUTES: '0.5',
        NOTIFY_MAX_ATTEMPTS: '3',
        NOTIFY_RETRY_BASE_SECONDS: '1',
        NOTIFY_RETRY_MAX_SECONDS: '60',
        NOTIFY_POLL_MS: '500',
        NOTIFY_ESCALATION_SWEEP_MS: '2000',
        NOTIFY_CONCURRENCY: '4',
      }),
    ).toEqual({
      contactsAfterMinutes: 0.5,
      maxAttempts: 3,
      retryBaseSeconds: 1,
      retryMaxSeconds: 60,
      pollMs: 500,
      escalationSweepMs: 2000,
      concurrency: 4,
    });
  });

  it('refuse a wrong value, naming the setting', () => {
    expect(() => notificationOptions({ NOTIFY_CONTACTS_AFTER_MINUTES: '0' })).toThrow(
      "NOTIFY_CONTACTS_AFTER_MINUTES must be a number above 0; it is '0'.",
    );
    expect(() => notificationOptions({ NOTIFY_CONTACTS_AFTER_MINUTES: 'soon' })).toThrow(
      /NOTIFY_CONTACTS_AFTER_MINUTES/,
    );
    expect(() => notificationOptions({ NOTIFY_MAX_ATTEMPTS: '2.5' })).toThrow(
      "NOTIFY_MAX_ATTEMPTS must be a whole number of at least 1; it is '2.5'.",
    );
    expect(() =>
      notificationOptions({ NOTIFY_RETRY_BASE_SECONDS: '30', NOTIFY_RETRY_MAX_SECONDS: '10' }),
    ).toThrow('NOTIFY_RETRY_MAX_SECONDS (10) must be at least NOTIFY_RETRY_BASE_SECONDS (30).');
  });
});
