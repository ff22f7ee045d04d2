/* Reads of the dev outbox (what the dev providers recorded). */
import type { Kysely } from 'kysely';
import type { Database, OutboxChannel } from '../db/schema';

/** The newest `limit` messages, optionally to one recipient (any case) and on one channel. */
export function listOutbox(
  db: Kysely<Database>,
  filter: { recipient?: string | undefined; channel?: OutboxChannel | undefined; limit: number },
) {
  let query = db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(filter.limit);
  const { recipient, channel } = filter;
  if (recipient !== undefined) {
    query = query.where((eb) => eb(eb.fn('lower', ['recipient']), '=', recipient.toLowerCase()));
  }
  if (channel !== undefined) query = query.where('channel', '=', channel);
  return query.execute();
}
