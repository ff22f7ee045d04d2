/*
 * The outbox worker: every api instance runs one. It claims due messages in small batches (a
 * 'Queued' one whose time has come, or a 'Sending' one whose claimer's lease ran out: that api
 * stopped mid-send), sends each through the SMS and e-mail provider or Web Push, and records the
 * outcome: 'Sent', back to 'Queued' for a retry after an exponential wait, or 'Failed'. Each
 * change of a holder's or a contact's message writes its timeline line in the same transaction,
 * and the live 'alarm' event after the commit refreshes the staff screens.
 *
 * At least once: a message is marked 'Sent' only after the provider took it, so an api that stops
 * between the two sends it again once the lease ends. Two instances never claim one row: the
 * claim is one UPDATE, and on PostgreSQL its subquery locks the rows it picks and skips the rows
 * another instance is claiming (FOR UPDATE SKIP LOCKED); SQLite has a single writer.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { ROUTES, messageRetryDelayMs, messageTimelineText } from '@sentinel/domain';
import type { MessageTimelineState } from '@sentinel/domain';
import { dialectOf, instant } from '../db/database';
import type { Database, NotificationsTable } from '../db/schema';
import { DeliveryError } from '../providers/messages';
import type { MessageSender, SentMessage } from '../providers/messages';
import { SubscriptionGoneError } from '../push/push-plugin';
import type { PushTarget, WebPushSender } from '../push/push-plugin';
import type { VehicleEvents } from '../vehicles/vehicle-events';
import { countNotificationOutcome } from '../metrics/instruments';
import type { NotificationSettings } from './notification-settings';

type Db = Kysely<Database>;
export type Notification = Selectable<NotificationsTable>;

export interface OutboxDependencies {
  db: Db;
  messages: MessageSender;
  webPush: WebPushSender;
  events: VehicleEvents;
  /** The dashboard's address (DASHBOARD_URL), for the alarm's page in a staff push. */
  dashboardUrl: string;
  log: FastifyBaseLogger;
}

type Outcome = { sent: SentMessage | void } | { error: DeliveryError };

/** A timeline reason: the provider's words, kept short. */
const reasonOf = (error: Error) => error.message.replace(/\s+/g, ' ').trim().slice(0, 200) || error.name;

/**
 * Claims up to `limit` due messages for this instance: 'Sending', leased until now + leaseMs, one
 * more attempt. Due: 'Queued' and next_attempt_at reached (the notifications_due index), or
 * 'Sending' with its lease run out.
 */
export async function claimDueMessages(
  db: Db,
  { limit, leaseMs }: { limit: number; leaseMs: number },
  now: Date = new Date(),
): Promise<Notification[]> {
  const at = instant(now);
  const due = db
    .selectFrom('notifications')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'Queued'), eb('nextAttemptAt', '<=', at)]),
        eb.and([eb('state', '=', 'Sending'), eb('leaseUntil', '<', at)]),
      ]),
    )
    .orderBy('nextAttemptAt')
    .orderBy('id')
    .limit(limit);
  const picked = dialectOf(db).forUpdateSkipLocked(due);
  return db
    .updateTable('notifications')
    .set((eb) => ({
      state: 'Sending',
      leaseUntil: instant(new Date(now.getTime() + leaseMs)),
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', 'in', picked)
    .returningAll()
    .execute();
}

/** Sends one message through its channel; throws what the provider threw. */
async function deliver(
  deps: OutboxDependencies,
  message: Notification,
  targets: ReadonlyMap<string, PushTarget>,
): Promise<SentMessage | void> {
  switch (message.channel) {
    case 'sms':
      return deps.messages.sendSms({ to: message.recipient, body: message.body });
    case 'email':
      return deps.messages.sendEmail({ to: message.recipient, subject: message.subject, body: message.body });
    case 'push': {
      const target = targets.get(message.recipient);
      if (!target) throw new DeliveryError('The browser is no longer subscribed.', true);
      const url =
        message.alarmId === null ? deps.dashboardUrl : `${deps.dashboardUrl}${ROUTES.alarm(message.alarmId)}`;
      return deps.webPush.send(
        target,
        JSON.stringify({ title: message.subject, body: message.body, alarmId: message.alarmId, url }),
      );
    }
  }
}

async function attempt(
  deps: OutboxDependencies,
  message: Notification,
  targets: ReadonlyMap<string, PushTarget>,
): Promise<Outcome> {
  try {
    return { sent: await deliver(deps, message, targets) };
  } catch (error) {
    // Anything but a DeliveryError (a dropped connection, an SMTP server's refusal) may pass: retried.
    if (error instanceof DeliveryError) return { error };
    return { error: new DeliveryError(error instanceof Error ? reasonOf(error) : String(error), false) };
  }
}

/**
 * Writes the outcome of one claimed attempt, with its timeline line; answers whether the row was
 * still this claim's (a claim whose lease ran out may have been taken over, and then the new
 * claimer records its own outcome).
 */
export async function recordOutcome(
  db: Db,
  message: Notification,
  outcome: Outcome,
  settings: Pick<NotificationSettings, 'maxAttempts' | 'retryBaseSeconds' | 'retryMaxSeconds'>,
  now: Date = new Date(),
  { forgetSubscription = false }: { forgetSubscription?: boolean } = {},
): Promise<boolean> {
  const at = instant(now);
  let line: MessageTimelineState;
  let change: Partial<Notification>;
  if ('sent' in outcome) {
    line = { state: 'sent' };
    change = {
      state: 'Sent',
      sentAt: at,
      providerMessageId: outcome.sent?.providerMessageId ?? null,
      leaseUntil: null,
      lastError: null,
    };
  } else {
    const reason = reasonOf(outcome.error);
    if (outcome.error.permanent || message.attempts >= settings.maxAttempts) {
      line = { state: 'failed', reason };
      change = { state: 'Failed', failedAt: at, leaseUntil: null, lastError: reason };
    } else {
      line = { state: 'retrying', attempt: message.attempts, reason };
      const wait = messageRetryDelayMs(message.attempts, {
        baseSeconds: settings.retryBaseSeconds,
        maxSeconds: settings.retryMaxSeconds,
      });
      change = {
        state: 'Queued',
        nextAttemptAt: instant(new Date(now.getTime() + wait)),
        leaseUntil: null,
        lastError: reason,
      };
    }
  }
  countNotificationOutcome(message.channel, line.state);
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('notifications')
      .set(change)
      .where('id', '=', message.id)
      .where('state', '=', 'Sending')
      .where('attempts', '=', message.attempts)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    if (message.audience !== 'Staff' && message.alarmId !== null) {
      await trx
        .insertInto('alarmEvents')
        .values({
          alarmId: message.alarmId,
          dateTime: at,
          type: 'Message',
          byUserId: null,
          text: messageTimelineText(message, line),
        })
        .execute();
    }
    // The subscription is gone: nothing will reach that browser again.
    if (forgetSubscription) {
      await trx.deleteFrom('pushSubscriptions').where('endpoint', '=', message.recipient).execute();
    }
    return true;
  });
}

/** What sending claimed messages needs to know besides the rows: push keys, and each alarm's vehicle. */
interface ClaimContext {
  targets: ReadonlyMap<string, PushTarget>;
  vehicles: ReadonlyMap<number, number>;
}

/** The push targets of the claimed push messages and the vehicles of their alarms: two reads at most. */
async function claimContext(db: Db, claimed: readonly Notification[]): Promise<ClaimContext> {
  const endpoints = claimed
    .filter((message) => message.channel === 'push')
    .map((message) => message.recipient);
  const alarmIds = [
    ...new Set(claimed.flatMap((message) => (message.alarmId === null ? [] : [message.alarmId]))),
  ];
  const [targets, alarms] = await Promise.all([
    endpoints.length === 0
      ? []
      : db
          .selectFrom('pushSubscriptions')
          .select(['endpoint', 'p256dh', 'auth'])
          .where('endpoint', 'in', endpoints)
          .execute(),
    alarmIds.length === 0
      ? []
      : db.selectFrom('alarms').select(['id', 'vehicleId']).where('id', 'in', alarmIds).execute(),
  ]);
  return {
    targets: new Map(targets.map((target) => [target.endpoint, target])),
    vehicles: new Map(alarms.map((alarm) => [alarm.id, alarm.vehicleId])),
  };
}

/**
 * Sends one claimed message and records the outcome; answers the alarm whose timeline changed,
 * if any. Never throws: an outcome that cannot be recorded is sent again once its lease runs out.
 */
async function sendClaimed(
  deps: OutboxDependencies,
  settings: NotificationSettings,
  message: Notification,
  context: ClaimContext,
): Promise<{ alarmId: number; vehicleId: number } | undefined> {
  const outcome = await attempt(deps, message, context.targets);
  if ('error' in outcome) {
    deps.log.warn(
      { notificationId: message.id, channel: message.channel, attempt: message.attempts, err: outcome.error },
      'notification not sent',
    );
  }
  try {
    // Only the push service saying the subscription is gone forgets it: not a refused message,
    // nor this server's VAPID keys being wrong or missing.
    const forgetSubscription = 'error' in outcome && outcome.error instanceof SubscriptionGoneError;
    const recorded = await recordOutcome(deps.db, message, outcome, settings, new Date(), {
      forgetSubscription,
    });
    const vehicleId = message.alarmId === null ? undefined : context.vehicles.get(message.alarmId);
    if (!recorded || message.audience === 'Staff' || vehicleId === undefined) return undefined;
    return { alarmId: message.alarmId!, vehicleId };
  } catch (error) {
    deps.log.error({ err: error, notificationId: message.id }, 'notification outcome not recorded');
    return undefined;
  }
}

/**
 * Claims one batch and sends it all at once, announcing the alarms whose timelines changed;
 * answers how many messages it claimed. The worker below keeps a steady stream instead; this is
 * for a caller that sends through other senders than the instance's.
 */
export async function sendDueMessages(
  deps: OutboxDependencies,
  settings: NotificationSettings,
): Promise<number> {
  const claimed = await claimDueMessages(deps.db, { limit: settings.batchSize, leaseMs: settings.leaseMs });
  const context = await claimContext(deps.db, claimed);
  const changed = await Promise.all(claimed.map((message) => sendClaimed(deps, settings, message, context)));
  const alarms = new Map(
    changed.flatMap((alarm) => (alarm ? [[alarm.alarmId, alarm.vehicleId] as const] : [])),
  );
  for (const [alarmId, vehicleId] of alarms) deps.events.emit('alarm', { vehicleId, alarmId });
  return claimed.length;
}

/** How long the timeline changes of an alarm are gathered into one 'alarm' event (its SMS and e-mail sent together). */
const ANNOUNCE_AFTER_MS = 50;

/**
 * The instance's worker: a steady stream of at most `concurrency` sends at once. It claims as
 * many due messages as it has free lanes (once a quarter of them are free, so a busy stream is
 * not a claim per message), and claims again while claims come back full. It wakes at once when
 * an alarm is opened or changed (the 'alarm' event: its messages were queued in the commit that
 * preceded it) and every pollMs besides (retries, the end of quiet hours, a lease that ran out).
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private inFlight = 0;
  private claiming = false;
  /** True while due messages may be waiting: a wake-up, or the last claim came back full. */
  private more = true;
  /** Counts wake-ups, so one during a claim is not lost when the claim comes back short. */
  private wakes = 0;
  private stopped = false;
  private idle: (() => void)[] = [];
  private readonly changed = new Map<number, number>();
  private announceTimer: NodeJS.Timeout | undefined;
  private readonly wake = () => {
    this.wakes += 1;
    this.more = true;
    this.pump();
  };

  constructor(
    private readonly deps: OutboxDependencies,
    private readonly settings: NotificationSettings,
  ) {}

  start(): void {
    this.deps.events.on('alarm', this.wake);
    this.timer = setInterval(this.wake, this.settings.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for due messages now; resolves once the worker is idle (nothing in flight, none due). */
  run(): Promise<void> {
    const idle = new Promise<void>((resolve) => this.idle.push(resolve));
    this.wake();
    return idle;
  }

  private pump(): void {
    if (this.claiming) return;
    const lanes = this.settings.concurrency - this.inFlight;
    if (this.stopped || !this.more) {
      if (this.inFlight === 0) for (const resolve of this.idle.splice(0)) resolve();
      return;
    }
    if (lanes < Math.max(1, Math.floor(this.settings.concurrency / 4))) return;
    this.claiming = true;
    void this.claim(Math.min(this.settings.batchSize, lanes));
  }

  private async claim(limit: number): Promise<void> {
    const wakes = this.wakes;
    try {
      const claimed = await claimDueMessages(this.deps.db, { limit, leaseMs: this.settings.leaseMs });
      this.more = claimed.length === limit || this.wakes !== wakes;
      const context = await claimContext(this.deps.db, claimed);
      for (const message of claimed) {
        this.inFlight += 1;
        void sendClaimed(this.deps, this.settings, message, context).then((changed) => {
          if (changed) this.announce(changed);
          this.inFlight -= 1;
          this.pump();
        });
      }
    } catch (error) {
      // The database is away (a restart, a failover): the next poll tries again.
      this.deps.log.error({ err: error }, 'notification outbox claim failed');
      this.more = false;
    } finally {
      this.claiming = false;
    }
    this.pump();
  }

  /** The alarm's timeline changed: one 'alarm' event for the changes of the next moment. */
  private announce({ alarmId, vehicleId }: { alarmId: number; vehicleId: number }): void {
    this.changed.set(alarmId, vehicleId);
    this.announceTimer ??= setTimeout(() => this.flushAnnouncements(), ANNOUNCE_AFTER_MS);
  }

  private flushAnnouncements(): void {
    clearTimeout(this.announceTimer);
    this.announceTimer = undefined;
    const changed = [...this.changed];
    this.changed.clear();
    for (const [alarmId, vehicleId] of changed) this.deps.events.emit('alarm', { vehicleId, alarmId });
  }

  /** Stops claiming and waits for the sends in flight, whose outcomes are recorded and announced. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.deps.events.off('alarm', this.wake);
    await new Promise<void>((resolve) => {
      this.idle.push(resolve);
      this.pump();
    });
    this.flushAnnouncements();
  }
}
