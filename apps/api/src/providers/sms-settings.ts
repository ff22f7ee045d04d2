/*
 * Which SMS provider sends the texts (SMS_* and CLICKATELL_* in the README). Unset, every SMS is
 * recorded in the development outbox. With SMS_PROVIDER=clickatell they go through Clickatell's
 * One API, and Clickatell's status callbacks come back to
 * <PUBLIC_API_URL>/Sms/DeliveryReports/<SMS_DELIVERY_REPORT_TOKEN>.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { clickatellSender } from './clickatell';
import type { ClickatellOptions } from './clickatell';
import { outboxMessageSender } from './messages';
import type { MessageSender } from './messages';

export const SMS_PROVIDERS = ['outbox', 'clickatell'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

export interface SmsOptions {
  /** SMS_PROVIDER. @default 'outbox' (the development outbox records every SMS) */
  provider?: SmsProvider | undefined;
  /** Clickatell's settings; required with provider 'clickatell'. */
  clickatell?: ClickatellOptions | undefined;
  /**
   * SMS_DELIVERY_REPORT_TOKEN: the secret the delivery-report URL carries, so nobody else can mark
   * a message delivered or failed. @default undefined (no report is taken: the route answers 404)
   */
  deliveryReportToken?: string | undefined;
}

/** The shortest SMS_DELIVERY_REPORT_TOKEN production accepts, as for GATEWAY_KEY. */
export const MIN_DELIVERY_REPORT_TOKEN_LENGTH = 32;

/** The delivery-report URL's path, whose last segment is the token. */
export const DELIVERY_REPORT_PATH = '/Sms/DeliveryReports';

function text(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

/**
 * SMS_PROVIDER (outbox or clickatell), and with clickatell: CLICKATELL_API_KEY (required),
 * CLICKATELL_URL (the live platform by default), CLICKATELL_FROM (the integration's default sender
 * when unset), SMS_TIMEOUT_MS (10000) and SMS_DELIVERY_REPORT_TOKEN (at least
 * MIN_DELIVERY_REPORT_TOKEN_LENGTH characters with NODE_ENV=production). Throws, naming the setting,
 * so a wrong one stops the server before it listens.
 */
export function smsOptions(env: NodeJS.ProcessEnv = process.env): SmsOptions {
  const raw = text(env, 'SMS_PROVIDER');
  const provider = raw?.toLowerCase() ?? 'outbox';
  if (!(SMS_PROVIDERS as readonly string[]).includes(provider)) {
    throw new Error(`SMS_PROVIDER must be ${SMS_PROVIDERS.join(' or ')}; it is '${raw}'.`);
  }
  if (provider === 'outbox') return { provider: 'outbox' };

  const apiKey = text(env, 'CLICKATELL_API_KEY');
  if (apiKey === undefined) throw new Error('CLICKATELL_API_KEY must be set with SMS_PROVIDER=clickatell.');
  const baseUrl = text(env, 'CLICKATELL_URL');
  if (baseUrl !== undefined && !/^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(baseUrl)) {
    throw new Error(`CLICKATELL_URL must be an http(s) URL without query; it is '${baseUrl}'.`);
  }
  const rawTimeout = text(env, 'SMS_TIMEOUT_MS');
  const timeoutMs = rawTimeout === undefined ? undefined : Number(rawTimeout);
  if (timeoutMs !== undefined && (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1)) {
    throw new Error(`SMS_TIMEOUT_MS must be a whole number of at least 1; it is '${rawTimeout}'.`);
  }

  const token = text(env, 'SMS_DELIVERY_REPORT_TOKEN');
  if (
    text(env, 'NODE_ENV') === 'production' &&
    (token === undefined || token.length < MIN_DELIVERY_REPORT_TOKEN_LENGTH)
  ) {
    throw new Error(
      `SMS_DELIVERY_REPORT_TOKEN must be set to at least ${MIN_DELIVERY_REPORT_TOKEN_LENGTH} characters with ` +
        `NODE_ENV=production and SMS_PROVIDER=clickatell` +
        (token === undefined ? '; it is not set.' : `; it has ${token.length}.`) +
        ' Use a random value, e.g. openssl rand -hex 32.',
    );
  }
  // It is a path segment of the URL Clickatell is given: nothing that needs escaping.
  if (token !== undefined && !/^[A-Za-z0-9_-]+$/.test(token)) {
    throw new Error('SMS_DELIVERY_REPORT_TOKEN must hold only letters, digits, - and _.');
  }
  return {
    provider: 'clickatell',
    clickatell: {
      apiKey,
      ...(baseUrl === undefined ? {} : { baseUrl }),
      ...(text(env, 'CLICKATELL_FROM') === undefined ? {} : { from: text(env, 'CLICKATELL_FROM') }),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    },
    ...(token === undefined ? {} : { deliveryReportToken: token }),
  };
}

/** The SMS half of the message sender the options name. */
export function smsSender(
  options: SmsOptions | undefined,
  db: Kysely<Database>,
): Pick<MessageSender, 'sendSms'> {
  if (options?.provider !== 'clickatell') return outboxMessageSender(db);
  if (options.clickatell === undefined) {
    throw new Error("The 'clickatell' SMS provider needs its settings (CLICKATELL_API_KEY).");
  }
  return clickatellSender(options.clickatell);
}
