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
import type { PushTarget, WebPushSender } from '../push/push-plugin';
import type { VehicleEvents } from '../vehicles/vehicle-events';
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
  // SKIP LOCKED is PostgreSQL's (SQLite has one writer, and no row locks to skip).
  const picked = dialectOf(db).name === 'postgres' ? due.forUpdate().skipLocked() : due;
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
    // A push service that refuses the subscription for good: nothing will reach that browser again.
    if (forgetSubscription) {
      await trx.deleteFrom('pushSubscriptions').where('endpoint', '=', message.recipient).execute();
    }
    return true;
  });
}

/** Runs `work` over the items, at most `limit` at a time. */
async function eachAtMost<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Claims and sends one batch; answers how many messages it claimed. Each message's outcome is
 * recorded as soon as it is known, and the alarms whose timelines changed are announced once the
 * batch is done.
 */
export async function sendDueMessages(
  deps: OutboxDependencies,
  settings: NotificationSettings,
  now: () => Date = () => new Date(),
): Promise<number> {
  const claimed = await claimDueMessages(
    deps.db,
    { limit: settings.batchSize, leaseMs: settings.leaseMs },
    now(),
  );
  if (claimed.length === 0) return 0;
  const endpoints = claimed
    .filter((message) => message.channel === 'push')
    .map((message) => message.recipient);
  const targets = new Map(
    endpoints.length === 0
      ? []
      : (
          await deps.db
            .selectFrom('pushSubscriptions')
            .select(['endpoint', 'p256dh', 'auth'])
            .where('endpoint', 'in', endpoints)
            .execute()
        ).map((target) => [target.endpoint, target] as const),
  );
  const changedAlarms = new Set<number>();
  await eachAtMost(claimed, settings.concurrency, async (message) => {
    const outcome = await attempt(deps, message, targets);
    if ('error' in outcome) {
      deps.log.warn(
        {
          notificationId: message.id,
          channel: message.channel,
          attempt: message.attempts,
          err: outcome.error,
        },
        'notification not sent',
      );
    }
    try {
      // Only the push service's own refusal forgets a subscription, not Web Push being off here.
      const forgetSubscription =
        message.channel === 'push' &&
        'error' in outcome &&
        outcome.error.permanent &&
        deps.webPush.publicKey !== undefined;
      const recorded = await recordOutcome(deps.db, message, outcome, settings, now(), {
        forgetSubscription,
      });
      if (recorded && message.audience !== 'Staff' && message.alarmId !== null)
        changedAlarms.add(message.alarmId);
    } catch (error) {
      // The lease runs out and another claim sends it again: at least once.
      deps.log.error({ err: error, notificationId: message.id }, 'notification outcome not recorded');
    }
  });
  if (changedAlarms.size > 0) {
    const alarms = await deps.db
      .selectFrom('alarms')
      .select(['id', 'vehicleId'])
      .where('id', 'in', [...changedAlarms])
      .execute();
    for (const alarm of alarms) deps.events.emit('alarm', { vehicleId: alarm.vehicleId, alarmId: alarm.id });
  }
  return claimed.length;
}

/**
 * The instance's worker: sends while due messages remain, wakes at once when an alarm is opened
 * or changed (the 'alarm' event) and every pollMs besides (retries, quiet hours' end, a lease
 * that ran out). One run at a time; a wake-up during a run makes it look once more.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private readonly wake = () => void this.run();

  constructor(
    private readonly deps: OutboxDependencies,
    private readonly settings: NotificationSettings,
  ) {}

  start(): void {
    this.deps.events.on('alarm', this.wake);
    this.timer = setInterval(this.wake, this.settings.pollMs);
    this.timer.unref();
    void this.run();
  }

  /** Runs the worker now (or once more after the current run); resolves when it is idle. */
  run(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => (this.running = undefined));
    return this.running;
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      try {
        while (!this.stopped && (await sendDueMessages(this.deps, this.settings)) > 0);
      } catch (error) {
        // The database is away (a restart, a failover): the next poll tries again.
        this.deps.log.error({ err: error }, 'notification outbox run failed');
        return;
      }
    } while (this.again && !this.stopped);
  }

  /** Stops waking and waits for the batch in flight, whose outcomes are recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.deps.events.off('alarm', this.wake);
    await this.running;
  }
}
