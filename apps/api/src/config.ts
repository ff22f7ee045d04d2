import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from './app';
import { DEFAULT_AUTH_LIMITS } from './plugins/auth-limits';
import type { AuthLimits } from './plugins/auth-limits';
import { IN_MEMORY } from './db/database';
import { turnstileBotChallenge } from './sign-up/bot-challenge';
import type { SimulatorOptions } from './telemetry/simulator/simulator';
import { DEMO_TRACKERS } from './db/seed/devices';
import type { DemoTrackers } from './db/seed/devices';
import { readImportLimits } from './imports/import-limits';
import { readSmsCountries } from './sign-up/sms-countries';
import { ALARM_KINDS, DEFAULT_LOCK_MAX_SPEED_KMH } from '@sentinel/domain';
import { DEFAULT_ALARM_SETTINGS, kindSettingName } from './alarms/alarm-settings';
import { notificationOptions } from './notifications/notification-settings';
import { smsOptions } from './providers/sms-settings';
import { webPushOptions } from './push/web-push-settings';
import { shareLinkOptions } from './share-links/share-link-settings';
import type { AlarmOptions } from './alarms/alarm-settings';
import type { SecondFactorOptions } from './second-factors/settings';
import { metricsOptions } from './metrics/metrics-settings';
import { DEFAULT_RETENTION } from './retention/retention-settings';

/** apps/api, wherever the process was started from. */
const APP_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const DEFAULT_DATABASE_FILE = join(APP_DIR, '.data', 'sentinel.db');

export interface ServerConfig {
  port: number;
  host: string;
  databaseFile: string;
  /** DATABASE_URL: PostgreSQL instead of the SQLite file when set. */
  databaseUrl: string | undefined;
  /** Undefined when JWT_SECRET is not set: the server then keeps one in its data folder. */
  jwtSecret: string | undefined;
  /** JWT_PREVIOUS_SECRETS: earlier keys whose tokens are still accepted during a rotation. */
  jwtPreviousSecrets: string[];
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** How long a sign-in lasts however often it refreshes. */
  refreshTokenAbsoluteTtlSeconds: number;
  /** Undefined means the three apps' origins. */
  corsOrigins: string[] | undefined;
  /** REDIS_URL: the live hub's Redis backplane, so instances share SignalR messages. */
  redisUrl: string | undefined;
  logLevel: string;
  /** The live hub's limits (LIVE_* settings). */
  hub: NonNullable<BuildOptions['hub']>;
  /** The rate limits of the sign-in, token, sign-up, code, reset and link calls (AUTH_LIMIT_*, SIGN_IN_*). */
  authLimits: AuthLimits;
  /** TRUST_PROXY: the proxies whose X-Forwarded-* headers the api believes. */
  trustProxy: string[];
}

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min) {
    throw new Error(`${name} must be a whole number of at least ${min}; it is '${raw}'.`);
  }
  return value;
}

function text(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

/** The settings of the api process, from its environment (see the README's table). */
export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const databaseFile = text(env, 'DATABASE_FILE');
  const origins = text(env, 'CORS_ORIGINS')
    ?.split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  return {
    port: whole(env, 'PORT', 5080, 0),
    host: text(env, 'HOST') ?? '127.0.0.1',
    databaseFile:
      databaseFile === undefined
        ? DEFAULT_DATABASE_FILE
        : databaseFile === IN_MEMORY
          ? IN_MEMORY
          : resolve(databaseFile),
    databaseUrl: text(env, 'DATABASE_URL'),
    jwtSecret: text(env, 'JWT_SECRET'),
    jwtPreviousSecrets: jwtPreviousSecrets(env),
    accessTokenTtlSeconds: whole(env, 'ACCESS_TOKEN_TTL_SECONDS', 900, 1),
    refreshTokenTtlSeconds: whole(env, 'REFRESH_TOKEN_TTL_SECONDS', 2_592_000, 1),
    refreshTokenAbsoluteTtlSeconds: whole(env, 'REFRESH_TOKEN_ABSOLUTE_TTL_SECONDS', 7_776_000, 1),
    corsOrigins: origins === undefined || origins.length === 0 ? undefined : origins,
    redisUrl: text(env, 'REDIS_URL'),
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    hub: {
      maxMessageBytes: whole(env, 'LIVE_MAX_MESSAGE_BYTES', 32_768, 1_024),
      maxBufferedBytes: whole(env, 'LIVE_MAX_BUFFERED_BYTES', 1_048_576, 65_536),
      maxConnectionsPerUser: whole(env, 'LIVE_MAX_CONNECTIONS_PER_USER', 100, 1),
      sendCoalesceMs: whole(env, 'LIVE_SEND_COALESCE_MS', 20, 0),
      negotiatePerMinute: {
        perUser: whole(env, 'LIVE_NEGOTIATE_PER_USER_PER_MINUTE', 120, 1),
        perAddress: whole(env, 'LIVE_NEGOTIATE_PER_ADDRESS_PER_MINUTE', 600, 1),
      },
    },
    authLimits: readAuthLimits(env),
    trustProxy: trustedProxies(env),
  };
}

/** proxy-addr's names for the loopback, link-local and private ranges, which TRUST_PROXY may use. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: the addresses or CIDR ranges of the proxies in front of the api, comma-separated;
 * 'loopback' by default (the nginx of deploy/ on this host). Only a request from one of them has
 * its X-Forwarded-For believed, so the rate limits count the client nginx saw, and nobody else can
 * choose the address they are counted under.
 */
function trustedProxies(env: NodeJS.ProcessEnv): string[] {
  const raw = text(env, 'TRUST_PROXY');
  if (raw === undefined) return ['loopback'];
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const valid =
      prefix === undefined
        ? family !== 0 || PROXY_RANGE_NAMES.includes(entry)
        : family !== 0 &&
          rest.length === 0 &&
          /^\d{1,3}$/.test(prefix) &&
          Number(prefix) <= (family === 4 ? 32 : 128);
    if (!valid) {
      throw new Error(
        `TRUST_PROXY must be comma-separated addresses or CIDR ranges (e.g. 10.0.0.5,10.1.0.0/16) or loopback; it is '${raw}'.`,
      );
    }
  }
  return entries;
}

/** The AUTH_LIMIT_* and SIGN_IN_* settings; one window (AUTH_LIMIT_WINDOW_SECONDS) for every count. */
function readAuthLimits(env: NodeJS.ProcessEnv): AuthLimits {
  const defaults = DEFAULT_AUTH_LIMITS;
  const windowMs = whole(env, 'AUTH_LIMIT_WINDOW_SECONDS', defaults.perAddress.windowMs / 1000, 1) * 1000;
  return {
    perAddress: { max: whole(env, 'AUTH_LIMIT_PER_ADDRESS', defaults.perAddress.max, 1), windowMs },
    perAccount: { max: whole(env, 'AUTH_LIMIT_PER_ACCOUNT', defaults.perAccount.max, 1), windowMs },
    refreshPerAddress: {
      max: whole(env, 'AUTH_LIMIT_REFRESH_PER_ADDRESS', defaults.refreshPerAddress.max, 1),
      windowMs,
    },
    signInConcurrency: whole(env, 'SIGN_IN_CONCURRENCY', defaults.signInConcurrency, 1),
    signInQueue: whole(env, 'SIGN_IN_QUEUE', defaults.signInQueue, 0),
    knownAddressMs: defaults.knownAddressMs,
  };
}

/**
 * The signing key kept next to the database, created on first start, so that a restart does
 * not sign everybody out. An in-memory database gets a key that lives as long as it does.
 */
export function loadOrCreateJwtSecret(databaseFile: string): string {
  if (databaseFile === IN_MEMORY) return randomBytes(32).toString('base64url');
  const file = join(dirname(databaseFile), 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret !== '') return secret;
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Whether `start` runs the device simulator: on unless SIMULATOR is off (also false, 0 or no),
 * so the demo has moving vehicles; with NODE_ENV=production only when SIMULATOR is on.
 */
export function simulatorEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = text(env, 'SIMULATOR')?.toLowerCase();
  // Made-up vehicles have no place in a real deployment unless someone asks for the demo.
  if (raw === undefined) return !isProduction(env);
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  throw new Error(`SIMULATOR must be on or off; it is '${raw}'.`);
}

/**
 * The simulator's pace: every vehicle with a linked device reports once a round, so N vehicles at
 * SIMULATOR_TICK_MS = T send N × 1000 / T reports a second; SIMULATOR_MOVING_SHARE of them drive
 * (a fix each round), the others stay parked. SIMULATOR_GATEWAY (host:port, the device gateway's
 * Teltonika listener) makes the vehicles whose devices are Teltonika trackers report through the
 * gateway over TCP; which ones SIMULATOR_TRACKERS says: `mixed` (the default), the demo's trackers
 * (their serials are the seed's IMEIs); `teltonika`, every vehicle whose serial is an IMEI, which
 * needs SIMULATOR_GATEWAY.
 */
export function simulatorOptions(env: NodeJS.ProcessEnv = process.env): SimulatorOptions {
  const share = text(env, 'SIMULATOR_MOVING_SHARE');
  const movingShare = share === undefined ? 0.6 : Number(share);
  if (!(movingShare >= 0 && movingShare <= 1)) {
    throw new Error(`SIMULATOR_MOVING_SHARE must be a number from 0 to 1; it is '${share}'.`);
  }
  const gateway = simulatorGateway(env);
  const trackers = text(env, 'SIMULATOR_TRACKERS')?.toLowerCase();
  if (trackers !== undefined && trackers !== 'mixed' && trackers !== 'teltonika') {
    throw new Error(`SIMULATOR_TRACKERS must be mixed or teltonika; it is '${trackers}'.`);
  }
  if (trackers === 'teltonika' && gateway === undefined) {
    throw new Error(
      "SIMULATOR_TRACKERS=teltonika needs SIMULATOR_GATEWAY: the device gateway's Teltonika address (host:port) the trackers report to.",
    );
  }
  return {
    tickMs: whole(env, 'SIMULATOR_TICK_MS', 2_000, 10),
    movingShare,
    ...(gateway === undefined ? {} : { gateway }),
    ...(trackers === undefined ? {} : { trackers }),
  };
}

/** SIMULATOR_GATEWAY: `host:port`, `[v6 address]:port` too. */
function simulatorGateway(env: NodeJS.ProcessEnv): { host: string; port: number } | undefined {
  const raw = text(env, 'SIMULATOR_GATEWAY');
  if (raw === undefined) return undefined;
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^\s:[\]/]+)):(\d{1,5})$/.exec(raw);
  const port = Number(match?.[3]);
  const host = match?.[1] ?? match?.[2];
  if (host === undefined || !(port >= 1 && port <= 65_535)) {
    throw new Error(
      `SIMULATOR_GATEWAY must be the device gateway's Teltonika address as host:port (e.g. 127.0.0.1:5027); it is '${raw}'.`,
    );
  }
  return { host, port };
}

/**
 * DEMO_TRACKERS: which demo devices the seed makes Teltonika trackers known by IMEI: `mixed` (the
 * default) five of them, `teltonika` every one (for a new database; the seed renames nothing).
 */
export function demoTrackers(env: NodeJS.ProcessEnv = process.env): DemoTrackers {
  const raw = text(env, 'DEMO_TRACKERS')?.toLowerCase();
  if (raw === undefined) return 'mixed';
  const known = DEMO_TRACKERS.find((trackers) => trackers === raw);
  if (known === undefined) {
    throw new Error(`DEMO_TRACKERS must be ${DEMO_TRACKERS.join(' or ')}; it is '${raw}'.`);
  }
  return known;
}

/**
 * Whether `start` serves GET /Dev/Outbox: on unless DEV_OUTBOX is off (also false, 0 or no);
 * always off with NODE_ENV=production.
 */
export function devOutboxEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = text(env, 'DEV_OUTBOX')?.toLowerCase();
  if (isProduction(env)) {
    // The outbox holds one-time codes and password links: never readable in production.
    if (raw !== undefined && ['on', 'true', '1', 'yes'].includes(raw)) {
      throw new Error(
        'DEV_OUTBOX cannot be on with NODE_ENV=production: GET /Dev/Outbox is for development.',
      );
    }
    return false;
  }
  if (raw === undefined) return true;
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  throw new Error(`DEV_OUTBOX must be on or off; it is '${raw}'.`);
}

/** Where password-creation links point (SIGNUP_URL), by default the signup dev server. */
export function signupUrl(env: NodeJS.ProcessEnv = process.env): string {
  return text(env, 'SIGNUP_URL') ?? 'http://localhost:5174';
}

/** Where the burn-in bench app is served (BURNIN_APP_URL), by default its dev server; a default CORS origin. */
export function burninAppUrl(env: NodeJS.ProcessEnv = process.env): string {
  return text(env, 'BURNIN_APP_URL') ?? 'http://localhost:5175';
}

/** Where staff password-reset links point (DASHBOARD_URL), by default the dashboard dev server. */
export function dashboardUrl(env: NodeJS.ProcessEnv = process.env): string {
  return text(env, 'DASHBOARD_URL') ?? 'http://localhost:5173';
}

/** The e-mail and bot-challenge providers and the code resend interval the environment names (SMTP_URL, SMTP_FROM, TURNSTILE_SECRET_KEY, OTP_RESEND_INTERVAL_SECONDS). */
export function providerOptions(env: NodeJS.ProcessEnv = process.env): Partial<BuildOptions> {
  const smtpUrl = text(env, 'SMTP_URL');
  const from = text(env, 'SMTP_FROM');
  const turnstileSecret = text(env, 'TURNSTILE_SECRET_KEY');
  const resendSeconds = text(env, 'OTP_RESEND_INTERVAL_SECONDS');
  return {
    ...(resendSeconds === undefined
      ? {}
      : { otpResendIntervalMs: whole(env, 'OTP_RESEND_INTERVAL_SECONDS', 60, 0) * 1000 }),
    ...(smtpUrl === undefined ? {} : { smtpUrl }),
    ...(from === undefined ? {} : { emailFrom: from }),
    ...(turnstileSecret === undefined
      ? {}
      : { botChallenge: turnstileBotChallenge({ secret: turnstileSecret }) }),
  };
}

/**
 * Lock commands' expiry (COMMAND_EXPIRY_SECONDS), the speed above which a lock waits for the vehicle to
 * slow down (LOCK_MAX_SPEED_KMH, km/h), and the partners' webhooks: AURA_WEBHOOK_URL and
 * AURA_WEBHOOK_SECRET, CAPITAL_AIR_WEBHOOK_URL and CAPITAL_AIR_WEBHOOK_SECRET (a partner without a
 * URL stays on the outbox), PARTNER_WEBHOOK_TIMEOUT_MS and PARTNER_WEBHOOK_ATTEMPTS.
 */
export function commandAndPartnerOptions(env: NodeJS.ProcessEnv = process.env): Partial<BuildOptions> {
  const webhooks: NonNullable<BuildOptions['partnerWebhooks']>['webhooks'] = {};
  for (const [partner, prefix] of [
    ['Aura', 'AURA'],
    ['Capital Air', 'CAPITAL_AIR'],
  ] as const) {
    const url = text(env, `${prefix}_WEBHOOK_URL`);
    if (url === undefined) continue;
    const secret = text(env, `${prefix}_WEBHOOK_SECRET`);
    if (secret === undefined)
      throw new Error(`${prefix}_WEBHOOK_SECRET must be set with ${prefix}_WEBHOOK_URL.`);
    webhooks[partner] = { url, secret };
  }
  return {
    commands: {
      expiryMs: whole(env, 'COMMAND_EXPIRY_SECONDS', 600, 1) * 1000,
      lockMaxSpeedKmh: whole(env, 'LOCK_MAX_SPEED_KMH', DEFAULT_LOCK_MAX_SPEED_KMH, 0),
    },
    ...(Object.keys(webhooks).length === 0
      ? {}
      : {
          partnerWebhooks: {
            webhooks,
            timeoutMs: whole(env, 'PARTNER_WEBHOOK_TIMEOUT_MS', 5000, 1),
            attempts: whole(env, 'PARTNER_WEBHOOK_ATTEMPTS', 3, 1),
          },
        }),
  };
}

/** The shortest GATEWAY_KEY production accepts, as for JWT_SECRET. */
export const MIN_GATEWAY_KEY_LENGTH = 32;

/**
 * GATEWAY_KEY: the key the device gateway (apps/device-gateway) presents as
 * `Authorization: Gateway <key>` to report and take commands for the trackers it holds (numeric
 * serials only). Unset, no gateway may speak. With NODE_ENV=production it must have at least
 * MIN_GATEWAY_KEY_LENGTH characters.
 */
export function gatewayOptions(env: NodeJS.ProcessEnv = process.env): Partial<BuildOptions> {
  const key = text(env, 'GATEWAY_KEY');
  if (key === undefined) return {};
  if (isProduction(env) && key.length < MIN_GATEWAY_KEY_LENGTH) {
    throw new Error(
      `GATEWAY_KEY must have at least ${MIN_GATEWAY_KEY_LENGTH} characters with NODE_ENV=production; it has ${key.length}. ` +
        'Use a random value, e.g. openssl rand -base64 48.',
    );
  }
  return { gatewayKey: key };
}

/**
 * How long each class of personal data is kept, in days (api README "Retention"; the defaults and
 * their reasons are in src/retention/retention-settings.ts): POSITION_FIX_RETENTION_DAYS (unset,
 * every fix is kept; at least 1 when set), VEHICLE_HISTORY_RETENTION_DAYS,
 * AUDIT_LOG_RETENTION_DAYS, SENT_MESSAGE_RETENTION_DAYS, IMPORT_RETENTION_DAYS and
 * SHARE_LINK_VIEW_RETENTION_DAYS (0 keeps them), and REFRESH_TOKEN_RETENTION_DAYS and
 * ONE_TIME_CODE_RETENTION_DAYS (after the sign-in ended or the code expired; 0 deletes them at the
 * next sweep). Swept hourly.
 */
export function retentionOptions(env: NodeJS.ProcessEnv = process.env): Pick<BuildOptions, 'retention'> {
  const days = (name: string, fallback: number) => whole(env, name, fallback, 0);
  return {
    retention: {
      positionFixDays:
        text(env, 'POSITION_FIX_RETENTION_DAYS') === undefined
          ? DEFAULT_RETENTION.positionFixDays
          : whole(env, 'POSITION_FIX_RETENTION_DAYS', 0, 1),
      vehicleHistoryDays: days('VEHICLE_HISTORY_RETENTION_DAYS', DEFAULT_RETENTION.vehicleHistoryDays),
      auditLogDays: days('AUDIT_LOG_RETENTION_DAYS', DEFAULT_RETENTION.auditLogDays),
      sentMessageDays: days('SENT_MESSAGE_RETENTION_DAYS', DEFAULT_RETENTION.sentMessageDays),
      importDays: days('IMPORT_RETENTION_DAYS', DEFAULT_RETENTION.importDays),
      shareLinkViewDays: days('SHARE_LINK_VIEW_RETENTION_DAYS', DEFAULT_RETENTION.shareLinkViewDays),
      refreshTokenDays: days('REFRESH_TOKEN_RETENTION_DAYS', DEFAULT_RETENTION.refreshTokenDays),
      oneTimeCodeDays: days('ONE_TIME_CODE_RETENTION_DAYS', DEFAULT_RETENTION.oneTimeCodeDays),
    },
  };
}

/**
 * The payment provider and the public api URL (PAYMENT_PROVIDER, PUBLIC_API_URL, PAYFAST_*): the
 * sandbox by default outside production and refused in it; PayFast needs its merchant id, key and
 * passphrase. Payment links and PayFast's notify_url start with PUBLIC_API_URL, never with a
 * request's Host or X-Forwarded-Host.
 */
export function paymentOptions(env: NodeJS.ProcessEnv = process.env): Partial<BuildOptions> {
  const production = isProduction(env);
  const provider = text(env, 'PAYMENT_PROVIDER')?.toLowerCase() ?? (production ? undefined : 'sandbox');
  if (provider === undefined) {
    throw new Error('PAYMENT_PROVIDER must be set to payfast with NODE_ENV=production; it is not set.');
  }
  if (provider !== 'sandbox' && provider !== 'payfast') {
    throw new Error(`PAYMENT_PROVIDER must be sandbox or payfast; it is '${provider}'.`);
  }
  if (provider === 'sandbox' && production) {
    throw new Error(
      'PAYMENT_PROVIDER cannot be sandbox with NODE_ENV=production: its Pay button marks a deposit paid without money. Use payfast.',
    );
  }
  const publicApiUrl = text(env, 'PUBLIC_API_URL');
  if (publicApiUrl === undefined && production) {
    throw new Error(
      'PUBLIC_API_URL must be set with NODE_ENV=production: the https address payment links and PayFast notifications use.',
    );
  }
  if (publicApiUrl !== undefined && !/^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(publicApiUrl)) {
    throw new Error(`PUBLIC_API_URL must be an http(s) URL without query; it is '${publicApiUrl}'.`);
  }
  const port = whole(env, 'PORT', 5080, 0);
  const host = text(env, 'HOST') ?? '127.0.0.1';
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const payments: NonNullable<BuildOptions['payments']> = {
    provider,
    publicApiUrl: publicApiUrl ?? `http://${shownHost}:${port}`,
  };
  if (provider === 'payfast') {
    const required = (name: string) => {
      const value = text(env, name);
      if (value === undefined) throw new Error(`${name} must be set with PAYMENT_PROVIDER=payfast.`);
      return value;
    };
    const sources = text(env, 'PAYFAST_ITN_SOURCES')
      ?.split(',')
      .map((source) => source.trim())
      .filter((source) => source !== '');
    payments.payfast = {
      merchantId: required('PAYFAST_MERCHANT_ID'),
      merchantKey: required('PAYFAST_MERCHANT_KEY'),
      passphrase: required('PAYFAST_PASSPHRASE'),
      baseUrl: text(env, 'PAYFAST_URL'),
      itnSources: sources === undefined || sources.length === 0 ? undefined : sources,
    };
  }
  return { payments };
}

/**
 * The alarm settings: ALARM_LOW_DEVICE_BATTERY_PERCENT (a report below it opens LowDeviceBattery),
 * DEVICE_REPORT_INTERVAL_SECONDS and ALARM_SILENCE_FACTOR (a device unheard for the interval
 * times the factor opens DeviceSilent; the factor may have decimals, at least 1),
 * ALARM_SILENCE_WATCH_HOURS (only a device heard within this long is watched; it must be longer
 * than that silence), ALARM_DEVICE_SILENT_SECONDS (the shorter silence that opens DeviceSilent
 * beside another active alarm), ARMING_DRIFT_METRES (an armed vehicle reported further than this
 * from where it was armed opens ArmedMovement; 150 by default, above a parked receiver's wander)
 * and one ALARM_ACK_TARGET_SECONDS_<KIND> per kind (TAMPER, POWER_CUT, GPS_JAMMED, GPS_LOST,
 * LOW_DEVICE_BATTERY, DEVICE_SILENT, ARMED_MOVEMENT, ARMED_IGNITION, GEOFENCE_BREACH, PANIC): the
 * seconds within which it should be acknowledged.
 */
export function alarmOptions(env: NodeJS.ProcessEnv = process.env): AlarmOptions {
  const percent = whole(
    env,
    'ALARM_LOW_DEVICE_BATTERY_PERCENT',
    DEFAULT_ALARM_SETTINGS.lowDeviceBatteryPercent,
    0,
  );
  if (percent > 100) {
    throw new Error(
      `ALARM_LOW_DEVICE_BATTERY_PERCENT must be a whole number from 0 to 100; it is '${percent}'.`,
    );
  }
  const targets: NonNullable<AlarmOptions['acknowledgeWithinSeconds']> = {};
  for (const kind of ALARM_KINDS) {
    const name = kindSettingName(kind);
    if (text(env, name) !== undefined) targets[kind] = whole(env, name, 0, 1);
  }
  const interval = whole(
    env,
    'DEVICE_REPORT_INTERVAL_SECONDS',
    DEFAULT_ALARM_SETTINGS.deviceReportIntervalSeconds,
    1,
  );
  const rawFactor = text(env, 'ALARM_SILENCE_FACTOR');
  const factor = rawFactor === undefined ? DEFAULT_ALARM_SETTINGS.silenceFactor : Number(rawFactor);
  if (!(factor >= 1 && Number.isFinite(factor))) {
    throw new Error(`ALARM_SILENCE_FACTOR must be a number of at least 1; it is '${rawFactor}'.`);
  }
  const watchHours = whole(env, 'ALARM_SILENCE_WATCH_HOURS', DEFAULT_ALARM_SETTINGS.silenceWatchHours, 1);
  if (watchHours * 3600 <= interval * factor) {
    throw new Error(
      `ALARM_SILENCE_WATCH_HOURS (${watchHours}) must be longer than DEVICE_REPORT_INTERVAL_SECONDS × ALARM_SILENCE_FACTOR (${interval} s × ${factor}), or no device would ever be found silent.`,
    );
  }
  return {
    lowDeviceBatteryPercent: percent,
    deviceReportIntervalSeconds: interval,
    silenceFactor: factor,
    silenceWatchHours: watchHours,
    deviceSilentSeconds: whole(
      env,
      'ALARM_DEVICE_SILENT_SECONDS',
      DEFAULT_ALARM_SETTINGS.deviceSilentSeconds,
      1,
    ),
    armingDriftMetres: whole(env, 'ARMING_DRIFT_METRES', DEFAULT_ALARM_SETTINGS.armingDriftMetres, 1),
    acknowledgeWithinSeconds: targets,
  };
}

/**
 * Second factors and sessions: MFA_REQUIRED (on|off; on by default with NODE_ENV=production, so
 * every staff role gives a second factor, and off otherwise, so the demo sign-ins work with the
 * password), STEP_UP_MAX_AGE_SECONDS, STAFF_IDLE_TIMEOUT_SECONDS, and the WebAuthn relying party
 * (WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN, by default the host and origin of DASHBOARD_URL).
 */
export function secondFactorOptions(env: NodeJS.ProcessEnv = process.env): SecondFactorOptions {
  const mfa = text(env, 'MFA_REQUIRED')?.toLowerCase();
  if (mfa !== undefined && mfa !== 'on' && mfa !== 'off') {
    throw new Error(`MFA_REQUIRED must be on or off; it is '${mfa}'.`);
  }
  const rpId = text(env, 'WEBAUTHN_RP_ID');
  const origin = text(env, 'WEBAUTHN_ORIGIN');
  return {
    mfaRequired: mfa === undefined ? isProduction(env) : mfa === 'on',
    stepUpMaxAgeSeconds: whole(env, 'STEP_UP_MAX_AGE_SECONDS', 300, 0),
    staffIdleTimeoutSeconds: whole(env, 'STAFF_IDLE_TIMEOUT_SECONDS', 1800, 1),
    ...(rpId === undefined ? {} : { rpId }),
    ...(origin === undefined ? {} : { origin: new URL(origin).origin }),
  };
}

/** NODE_ENV=production: dev-only routes and demo data off, secrets and origins required. */
export function isProduction(env: NodeJS.ProcessEnv = process.env): boolean {
  return text(env, 'NODE_ENV') === 'production';
}

/**
 * SHUTDOWN_DRAIN_SECONDS: how long a SIGTERM'd api stays up answering 503 to new requests (and
 * /health/ready) while its requests in flight finish and the proxy stops sending it any. 5 in
 * production; 0 elsewhere, where nothing is in front to notice and a reload should not wait.
 */
export function shutdownDrainSeconds(env: NodeJS.ProcessEnv = process.env): number {
  return whole(env, 'SHUTDOWN_DRAIN_SECONDS', isProduction(env) ? 5 : 0, 0);
}

/**
 * JWT_PREVIOUS_SECRETS: the keys JWT_SECRET had before, comma-separated (a base64 or hex key has no
 * comma). Tokens they signed are still accepted, never signed with them, so a rotation signs
 * nobody out; empty by default.
 */
function jwtPreviousSecrets(env: NodeJS.ProcessEnv): string[] {
  return (text(env, 'JWT_PREVIOUS_SECRETS') ?? '')
    .split(',')
    .map((secret) => secret.trim())
    .filter((secret) => secret !== '');
}

/**
 * TOTP_ENCRYPTION_KEY: the key the staff's TOTP secrets are encrypted with at rest; JWT_SECRET when
 * unset, as before the setting existed. A rotation of JWT_SECRET must not change it (every enrolled
 * authenticator app would stop working), so JWT_PREVIOUS_SECRETS is refused without it: set it to
 * the JWT_SECRET the factors were enrolled under, the oldest key.
 */
function totpEncryptionKeyOptions(env: NodeJS.ProcessEnv): Pick<BuildOptions, 'totpEncryptionKey'> {
  const key = text(env, 'TOTP_ENCRYPTION_KEY');
  if (key === undefined && jwtPreviousSecrets(env).length > 0) {
    throw new Error(
      'TOTP_ENCRYPTION_KEY must be set with JWT_PREVIOUS_SECRETS: TOTP secrets are encrypted with a key derived ' +
        'from JWT_SECRET until it is set apart; set it to the JWT_SECRET they were enrolled under (the old key).',
    );
  }
  return key === undefined ? {} : { totpEncryptionKey: key };
}

/** Throws unless a production signing key (JWT_SECRET or one of JWT_PREVIOUS_SECRETS) is long and varied enough. */
function assertProductionJwtKey(name: string, secret: string | undefined, listed = false): void {
  if (secret === undefined || secret.length < MIN_JWT_SECRET_LENGTH) {
    throw new Error(
      `${name} must ${listed ? 'have' : 'be set to'} at least ${MIN_JWT_SECRET_LENGTH} characters with NODE_ENV=production` +
        (secret === undefined ? '; it is not set.' : `; it has ${secret.length}.`),
    );
  }
  const distinct = new Set(secret).size;
  if (distinct < MIN_JWT_SECRET_DISTINCT) {
    throw new Error(
      `${name} must have at least ${MIN_JWT_SECRET_DISTINCT} different characters with NODE_ENV=production; ` +
        `it has ${distinct}. Use a random value, e.g. openssl rand -base64 48.`,
    );
  }
}

/** The shortest JWT_SECRET production accepts: 32 characters, 256 bits for HS256 at one bit each. */
export const MIN_JWT_SECRET_LENGTH = 32;

/** The fewest different characters a production JWT_SECRET may have, so 'aaaa…' or '1212…' is refused. */
export const MIN_JWT_SECRET_DISTINCT = 10;

/**
 * Throws, naming the setting, when a production process lacks what it must not guess: its own
 * signing key (a generated one would differ per instance) and the origins its apps are served from.
 */
export function assertProductionSettings(env: NodeJS.ProcessEnv = process.env): void {
  if (!isProduction(env)) return;
  assertProductionJwtKey('JWT_SECRET', text(env, 'JWT_SECRET'));
  // A short old key would let its tokens be forged for as long as it is listed.
  jwtPreviousSecrets(env).forEach((secret, index) =>
    assertProductionJwtKey(`JWT_PREVIOUS_SECRETS (key ${index + 1})`, secret, true),
  );
  const totpKey = text(env, 'TOTP_ENCRYPTION_KEY');
  if (totpKey !== undefined) assertProductionJwtKey('TOTP_ENCRYPTION_KEY', totpKey, true);
  if (text(env, 'CORS_ORIGINS') === undefined) {
    throw new Error(
      'CORS_ORIGINS must be set with NODE_ENV=production: the comma-separated origins the apps are served from.',
    );
  }
}

/**
 * The build() options `start` derives from the environment, checked for production first. The
 * signing key is left to the caller when JWT_SECRET is unset (it is kept in the data folder).
 */
export function serverBuildOptions(env: NodeJS.ProcessEnv = process.env): BuildOptions {
  assertProductionSettings(env);
  const config = readServerConfig(env);
  return {
    databaseFile: config.databaseFile,
    ...(config.databaseUrl === undefined ? {} : { databaseUrl: config.databaseUrl }),
    ...(config.jwtSecret === undefined ? {} : { jwtSecret: config.jwtSecret }),
    jwtPreviousSecrets: config.jwtPreviousSecrets,
    ...totpEncryptionKeyOptions(env),
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
    refreshTokenAbsoluteTtlSeconds: config.refreshTokenAbsoluteTtlSeconds,
    authLimits: config.authLimits,
    trustProxy: config.trustProxy,
    // Production is served over HTTPS (behind a proxy): browsers should never try plain HTTP.
    hsts: isProduction(env),
    burninAppUrl: burninAppUrl(env),
    logger: { level: config.logLevel },
    ...(config.corsOrigins === undefined ? {} : { corsOrigins: config.corsOrigins }),
    ...(config.redisUrl === undefined ? {} : { redisUrl: config.redisUrl }),
    hub: config.hub,
    // The demo's moving vehicles; its first round comes after start's seed.
    simulator: simulatorEnabled(env) && simulatorOptions(env),
    // Recorded e-mails, SMS and partner alerts readable by an Admin.
    devOutbox: devOutboxEnabled(env),
    signupUrl: signupUrl(env),
    dashboardUrl: dashboardUrl(env),
    ...providerOptions(env),
    ...commandAndPartnerOptions(env),
    ...retentionOptions(env),
    ...gatewayOptions(env),
    ...paymentOptions(env),
    importLimits: readImportLimits(env),
    smsCountries: readSmsCountries(env),
    alarms: alarmOptions(env),
    secondFactors: secondFactorOptions(env),
    notifications: notificationOptions(env),
    sms: smsOptions(env),
    webPush: webPushOptions(env),
    shareLinks: shareLinkOptions(env),
    ...metricsOptions(env),
  };
}
