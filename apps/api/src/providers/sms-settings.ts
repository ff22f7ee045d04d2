/*
 * Which SMS provider sends the texts (SMS_* in the README). Unset, every SMS is recorded in the
 * development outbox.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { outboxMessageSender } from './messages';
import type { MessageSender } from './messages';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in with the settings
export interface SmsOptions {}

export function smsOptions(_env: NodeJS.ProcessEnv = process.env): SmsOptions {
  return {};
}

/** The SMS half of the message sender the options name. */
export function smsSender(
  _options: SmsOptions | undefined,
  db: Kysely<Database>,
): Pick<MessageSender, 'sendSms'> {
  return outboxMessageSender(db);
}
