import type { Kysely, Transaction } from 'kysely';

/**
 * Runs `work` in the caller's transaction when `db` is one, else in a new transaction. Kysely
 * refuses to nest transactions, so a write that must commit together with its caller's (a change
 * and its audit entry) is written against this instead of `db.transaction()`.
 */
export async function inTransaction<DB, T>(
  db: Kysely<DB>,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db as Transaction<DB>) : db.transaction().execute(work);
}
