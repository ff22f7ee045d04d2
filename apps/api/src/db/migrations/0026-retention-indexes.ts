import type { Kysely, Migration } from 'kysely';

/*
 * The retention sweep (src/retention) picks what has expired a batch at a time through an index on
 * the instant it is kept from; these are the tables that had none on it. The other classes use
 * indexes they already had: position_fixes' key, vehicle_history_vehicle_date, audit_log_occurred,
 * notifications_due and import_jobs_status_created.
 */
const INDEXES = [
  ['outbox_created', 'outbox', 'created_at'],
  ['send_log_created', 'send_log', 'created_at'],
  ['share_link_views_viewed', 'share_link_views', 'viewed_at'],
  ['refresh_tokens_created', 'refresh_tokens', 'created_at'],
  ['refresh_tokens_revoked', 'refresh_tokens', 'revoked_at'],
  ['phone_confirmations_expires', 'phone_confirmations', 'expires_at'],
  ['password_reset_tokens_expires', 'password_reset_tokens', 'expires_at'],
  ['password_creation_tokens_expires', 'password_creation_tokens', 'expires_at'],
  ['sign_in_challenges_expires', 'sign_in_challenges', 'expires_at'],
] as const;

export const retentionIndexesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const [name, table, column] of INDEXES) {
      await db.schema.createIndex(name).on(table).column(column).execute();
    }
  },

  async down(db: Kysely<unknown>) {
    for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
  },
};
