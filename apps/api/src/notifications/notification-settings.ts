/*
 * The notification settings (NOTIFY_* in the README): when the holder's escalation contacts are
 * told, how often and how long a message is retried, and the outbox worker's timings. The
 * notifications plugin holds them.
 */

export interface NotificationSettings {
  /**
   * NOTIFY_CONTACTS_AFTER_MINUTES: an alarm nobody acknowledged this long tells the holder's first
   * escalation contact, twice this long the second, and so on. Decimals allowed. @default 5
   */
  contactsAfterMinutes: number;
  /** NOTIFY_MAX_ATTEMPTS: a message the provider keeps refusing is 'failed' after this many tries. @default 6 */
  maxAttempts: number;
  /** NOTIFY_RETRY_BASE_SECONDS: the wait before the first retry; each next one waits twice as long. @default 2 */
  retryBaseSeconds: number;
  /** NOTIFY_RETRY_MAX_SECONDS: the longest wait between two tries. @default 300 */
  retryMaxSeconds: number;
  /** NOTIFY_POLL_MS: how often the worker looks for due messages (retries, quiet hours' end) besides waking on each alarm. @default 1000 */
  pollMs: number;
  /** NOTIFY_ESCALATION_SWEEP_MS: how often the escalation sweep looks for alarms nobody acknowledged. @default 5000 */
  escalationSweepMs: number;
  /**
   * NOTIFY_LEASE_MS: how long a claimed message is its claimer's. One whose api stopped mid-send is
   * claimed again after this; longer than any provider's own timeout, so a slow send is not doubled.
   * @default 60000
   */
  leaseMs: number;
  /** The most due messages one claim takes. @default 20 */
  batchSize: number;
  /**
   * NOTIFY_CONCURRENCY: how many messages an instance sends at once. A gateway that takes 200 ms a
   * message sends 80 a second this way, well above 1,000 alarms a minute's 33. @default 16
   */
  concurrency: number;
  /** False: this instance queues messages but never sends them (tests, a bench's second api). @default true */
  sending: boolean;
}

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  contactsAfterMinutes: 5,
  maxAttempts: 6,
  retryBaseSeconds: 2,
  retryMaxSeconds: 300,
  pollMs: 1000,
  escalationSweepMs: 5000,
  leaseMs: 60_000,
  batchSize: 20,
  concurrency: 16,
  sending: true,
};

/** What build() takes: any setting. */
export type NotificationOptions = Partial<NotificationSettings>;

export function notificationSettings(options: NotificationOptions = {}): NotificationSettings {
  return { ...DEFAULT_NOTIFICATION_SETTINGS, ...options };
}

/** A number setting: a whole one unless decimals are allowed, never below `min` (or at `min` when exclusive). */
function numberSetting(
  env: NodeJS.ProcessEnv,
  name: string,
  rule: { min: number; whole: boolean; aboveMin?: boolean },
): number | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  const whole = !rule.whole || Number.isSafeInteger(value);
  const inRange = rule.aboveMin === true ? value > rule.min : value >= rule.min;
  if (!Number.isFinite(value) || !whole || !inRange) {
    const kind = rule.whole ? 'a whole number' : 'a number';
    const bound = rule.aboveMin === true ? `above ${rule.min}` : `of at least ${rule.min}`;
    throw new Error(`${name} must be ${kind} ${bound}; it is '${raw}'.`);
  }
  return value;
}

/** The NOTIFY_* settings from the environment; a wrong one stops the api with a message naming it. */
export function notificationOptions(env: NodeJS.ProcessEnv = process.env): NotificationOptions {
  const read = {
    contactsAfterMinutes: numberSetting(env, 'NOTIFY_CONTACTS_AFTER_MINUTES', {
      min: 0,
      whole: false,
      aboveMin: true,
    }),
    maxAttempts: numberSetting(env, 'NOTIFY_MAX_ATTEMPTS', { min: 1, whole: true }),
    retryBaseSeconds: numberSetting(env, 'NOTIFY_RETRY_BASE_SECONDS', {
      min: 0,
      whole: false,
      aboveMin: true,
    }),
    retryMaxSeconds: numberSetting(env, 'NOTIFY_RETRY_MAX_SECONDS', { min: 0, whole: false, aboveMin: true }),
    pollMs: numberSetting(env, 'NOTIFY_POLL_MS', { min: 10, whole: true }),
    escalationSweepMs: numberSetting(env, 'NOTIFY_ESCALATION_SWEEP_MS', { min: 100, whole: true }),
    leaseMs: numberSetting(env, 'NOTIFY_LEASE_MS', { min: 1000, whole: true }),
    concurrency: numberSetting(env, 'NOTIFY_CONCURRENCY', { min: 1, whole: true }),
  };
  const base = read.retryBaseSeconds ?? DEFAULT_NOTIFICATION_SETTINGS.retryBaseSeconds;
  const max = read.retryMaxSeconds ?? DEFAULT_NOTIFICATION_SETTINGS.retryMaxSeconds;
  if (max < base) {
    throw new Error(
      `NOTIFY_RETRY_MAX_SECONDS (${max}) must be at least NOTIFY_RETRY_BASE_SECONDS (${base}).`,
    );
  }
  return Object.fromEntries(
    Object.entries(read).filter(([, value]) => value !== undefined),
  ) as NotificationOptions;
}
