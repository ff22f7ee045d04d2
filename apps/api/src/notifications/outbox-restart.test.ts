/*
 * The outbox across api processes, on one database (a SQLite file, or a PostgreSQL database two
 * apis reach): a staff push's payload and a push subscription the push service refuses; nothing
 * lost when an api stops with a message queued or mid-send; and, on PostgreSQL, two instances
 * sending side by side never send one message twice.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { instant } from '../db/database';
import { DEMO_SIGN_INS } from '../db/seed';
import { addTrackedVehicle } from '../live/test-support';
import { ago, alarmsOfVehicle, detail, report, startAlarmApi } from '../alarms/test-support';
import type { AlarmApi } from '../alarms/test-support';
import { DeliveryError, outboxMessageSender } from '../providers/messages';
import type { EmailMessage, MessageSender, SmsMessage } from '../providers/messages';
import { SubscriptionGoneError } from '../push/push-plugin';
import type { PushTarget, WebPushSender } from '../push/push-plugin';
import { restartDatabase } from '../test-support/restart-database';
import { sendDueMessages } from './outbox-worker';

/** A stand-in of the provider that hands each message to the development outbox and notes whom it reached. */
class RecordingProvider implements MessageSender {
  inner: MessageSender | undefined;
  readonly reached: string[] = [];

  async sendSms(message: SmsMessage) {
    this.reached.push(message.to);
    await this.inner?.sendSms(message);
  }

  async sendEmail(message: EmailMessage) {
    this.reached.push(message.to);
    await this.inner?.sendEmail(message);
  }
}

/** Polls `read` every 20 ms until `done` holds (10 s at most); answers the last reading. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const database = restartDatabase('outbox');
/** The provider of the api started after the restart, which the two-instance test keeps using. */
const secondProvider = new RecordingProvider();
const started: AlarmApi[] = [];

async function start(options: Parameters<typeof startAlarmApi>[0]): Promise<AlarmApi> {
  const api = await startAlarmApi({ ...database, alarms: { silentSweepMs: 3_600_000 }, ...options });
  started.push(api);
  return api;
}

afterAll(async () => {
  for (const api of started) await api.app.close();
});

const adminEmail = DEMO_SIGN_INS.find((signIn) => signIn.role === 'Admin')!.email;
const tamper = { carBatteryState: 'Normal', gpsState: 'Normal' };

describe('an api that stops', () => {
  it("sends a staff push with the alarm's page, and forgets a subscription only when the push service says it is gone", async () => {
    const first = await start({ notifications: { sending: false } });
    const admin = await first.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', adminEmail)
      .executeTakeFirstOrThrow();
    await first.app.db
      .insertInto('pushSubscriptions')
      .values(
        ['https://push.example/kept', 'https://push.example/gone', 'https://push.example/refused'].map(
          (endpoint) => ({
            userId: admin.id,
            endpoint,
            p256dh: 'browser-key',
            auth: 'browser-auth',
            createdAt: instant(),
          }),
        ),
      )
      .execute();
    const vehicle = await addTrackedVehicle(first.app);
    await first.app.db
      .insertInto('notificationPreferences')
      .values({ holderUserId: vehicle.ownerId, kinds: '[]', channels: '["sms"]', updatedAt: instant() })
      .execute();
    await report(first, vehicle, { timestamp: ago(5), tamper });
    const [alarm] = await alarmsOfVehicle(first, vehicle.vehicleId);
    const pushed: { target: PushTarget; payload: unknown }[] = [];
    // A stand-in of the Web Push sender: the push service says the second browser is gone, and
    // refuses the message to the third.
    const webPush: WebPushSender = {
      publicKey: 'vapid-public-key',
      send(target, payload) {
        if (target.endpoint.endsWith('/gone')) {
          return Promise.reject(
            new SubscriptionGoneError('The push service says the subscription is gone (410).'),
          );
        }
        if (target.endpoint.endsWith('/refused')) {
          return Promise.reject(new DeliveryError('The push service refused the message (413).', true));
        }
        pushed.push({ target, payload: JSON.parse(payload) });
        return Promise.resolve();
      },
    };

    await sendDueMessages(
      {
        db: first.app.db,
        messages: first.app.messages,
        webPush,
        events: first.app.vehicleEvents,
        dashboardUrl: 'https://dashboard.example',
        log: first.app.log,
      },
      first.app.notifications.settings,
    );

    expect(pushed).toEqual([
      {
        target: { endpoint: 'https://push.example/kept', p256dh: 'browser-key', auth: 'browser-auth' },
        payload: {
          title: expect.stringContaining('Tamper alert: CA ') as unknown,
          body: expect.stringContaining('High priority') as unknown,
          alarmId: alarm!.id,
          url: `https://dashboard.example/agent/alarms/${alarm!.id}`,
        },
      },
    ]);
    const rows = await first.app.db
      .selectFrom('notifications')
      .select(['recipient', 'state'])
      .where('alarmId', '=', alarm!.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { recipient: 'https://push.example/kept', state: 'Sent' },
      { recipient: 'https://push.example/gone', state: 'Failed' },
      { recipient: 'https://push.example/refused', state: 'Failed' },
    ]);
    const subscriptions = await first.app.db
      .selectFrom('pushSubscriptions')
      .select('endpoint')
      .orderBy('id')
      .execute();
    expect(subscriptions).toEqual([
      { endpoint: 'https://push.example/kept' },
      { endpoint: 'https://push.example/refused' },
    ]);
    await first.app.db.deleteFrom('pushSubscriptions').execute();
  });

  it('loses nothing: a message left mid-send and one still queued are sent by a new api on the same database', async () => {
    const first = started[0]!;
    const vehicle = await addTrackedVehicle(first.app);
    await report(first, vehicle, { timestamp: ago(5), tamper });
    const [alarm] = await alarmsOfVehicle(first, vehicle.vehicleId);
    // What an api killed while its provider was taking the SMS leaves: claimed, its lease run out.
    await first.app.db
      .updateTable('notifications')
      .set({ state: 'Sending', attempts: 1, leaseUntil: instant(new Date(Date.now() - 1000)) })
      .where('alarmId', '=', alarm!.id)
      .where('channel', '=', 'sms')
      .execute();
    await first.app.close();
    started.shift();

    const second = await start({ messageSender: secondProvider, notifications: { pollMs: 50 } });
    secondProvider.inner = outboxMessageSender(second.app.db);

    const rows = await until(
      () =>
        second.app.db
          .selectFrom('notifications')
          .select(['channel', 'state', 'attempts'])
          .where('alarmId', '=', alarm!.id)
          .orderBy('id')
          .execute(),
      (each) => each.every((row) => row.state === 'Sent'),
    );
    expect(rows).toEqual([
      { channel: 'sms', state: 'Sent', attempts: 2 },
      { channel: 'email', state: 'Sent', attempts: 1 },
    ]);
    const { timeline } = await detail(second, alarm!.id);
    expect(
      timeline.filter((entry) => entry.type === 'Message').map((entry) => entry.text?.split(': ')[1]),
    ).toEqual(['queued', 'queued', 'sent', 'sent']);
  });
});

describe.runIf(process.env.SENTINEL_TEST_ENGINE === 'postgres')(
  'two instances on one PostgreSQL database',
  () => {
    it('send every message once between them', async () => {
      // The api of the restart beside a third one, claiming few messages at a time, so that their
      // claims interleave many times.
      const thirdProvider = new RecordingProvider();
      const providers = [secondProvider, thirdProvider];
      const instances = [
        started[0]!,
        await start({ messageSender: thirdProvider, notifications: { batchSize: 4, pollMs: 20 } }),
      ];
      const recipients = Array.from({ length: 120 }, (_, index) => `two-instances-${index}@example.test`);
      const now = instant();

      await instances[0]!.app.db
        .insertInto('notifications')
        .values(
          recipients.map((recipient) => ({
            alarmId: null,
            audience: 'Holder' as const,
            userId: null,
            contactId: null,
            channel: 'email' as const,
            recipient,
            recipientName: recipient,
            subject: 'Two instances',
            body: 'One message each.',
            state: 'Queued' as const,
            nextAttemptAt: now,
            createdAt: now,
          })),
        )
        .execute();
      await Promise.all(instances.map((api) => api.app.notifications.worker.run()));

      const states = await until(
        () =>
          instances[0]!.app.db
            .selectFrom('notifications')
            .select(['state', 'attempts'])
            .where('recipient', 'in', recipients)
            .execute(),
        (rows) => rows.every((row) => row.state === 'Sent'),
      );
      expect(states.filter((row) => row.state === 'Sent' && row.attempts === 1)).toHaveLength(
        recipients.length,
      );
      const reached = providers
        .flatMap((provider) => provider.reached)
        .filter((to) => recipients.includes(to));
      expect(reached.sort()).toEqual([...recipients].sort());
      // Both took part: the claims really did run side by side.
      for (const provider of providers) {
        expect(provider.reached.filter((to) => recipients.includes(to)).length).toBeGreaterThan(0);
      }
    });
  },
);
