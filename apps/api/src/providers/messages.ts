import type { Kysely } from 'kysely';
import { instant } from '../db/database';
import type { Database } from '../db/schema';

export interface EmailMessage {
  to: string;
  subject: string;
  body: string;
}

export interface SmsMessage {
  /** An international number, e.g. +27821234567. */
  to: string;
  body: string;
}

/**
 * A message a provider did not take. Permanent: sending it again cannot help (an invalid number,
 * a subscription that is gone); otherwise it is retried (the provider is down or answered 5xx).
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** What a provider answered for a message it took: its own id, when delivery reports name it. */
export interface SentMessage {
  providerMessageId?: string | undefined;
}

/** Sends e-mail and SMS. A real deployment plugs its gateway in through build({ messageSender }). */
export interface MessageSender {
  sendEmail(message: EmailMessage): Promise<void>;
  sendSms(message: SmsMessage): Promise<SentMessage | void>;
}

/** The embedded default: every message is recorded in the outbox table (GET /Dev/Outbox reads it). */
export function outboxMessageSender(db: Kysely<Database>): MessageSender {
  return {
    async sendEmail({ to, subject, body }) {
      await db
        .insertInto('outbox')
        .values({ channel: 'email', recipient: to, subject, body, createdAt: instant() })
        .execute();
    },
    async sendSms({ to, body }) {
      await db
        .insertInto('outbox')
        .values({ channel: 'sms', recipient: to, subject: '', body, createdAt: instant() })
        .execute();
    },
  };
}
