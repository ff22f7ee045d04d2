import type { Kysely, Migration } from 'kysely';
import { identityColumn } from '../database';

/*
 * Telling the people who must act (see src/notifications, src/push and src/share-links):
 *
 * - escalation_contacts: up to five people per account holder, told in `position` order when
 *   nobody on the staff acknowledges an alarm in time. alarms.contacts_told counts how many of them
 *   an alarm has told so far (compare-and-set, so two api instances tell each one once).
 * - notification_preferences: per holder, which alarm kinds and channels, and quiet hours
 *   (JSON text of the domain's lists; no row means every kind on every channel, no quiet hours).
 * - notifications: the outbox of messages. A row is written in the transaction that opens the
 *   alarm or tells the next contact, then a worker sends it with retries and backoff, so a provider
 *   outage or a restart loses none. lease_until is how long a claimed row is the claimer's; a row
 *   whose lease ran out (its api stopped mid-send) is claimed again.
 * - push_subscriptions: staff browsers' Web Push subscriptions (one per endpoint).
 * - share_links and share_link_views: expiring live-location links made from an alarm for a
 *   responder; only the token's SHA-256 is stored, and every view is kept (time, address).
 */
export const notificationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('escalation_contacts')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('holder_user_id', 'integer', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (column) => column.notNull())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('phone_code', 'text', (column) => column.notNull())
      .addColumn('phone_number', 'text', (column) => column.notNull())
      .addColumn('email', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('escalation_contacts_holder_position')
      .unique()
      .on('escalation_contacts')
      .columns(['holder_user_id', 'position'])
      .execute();

    await db.schema
      .createTable('notification_preferences')
      .addColumn('holder_user_id', 'integer', (column) =>
        column.primaryKey().references('users.id').onDelete('cascade'),
      )
      .addColumn('kinds', 'text', (column) => column.notNull())
      .addColumn('channels', 'text', (column) => column.notNull())
      .addColumn('quiet_from', 'text')
      .addColumn('quiet_to', 'text')
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();

    await db.schema
      .alterTable('alarms')
      .addColumn('contacts_told', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('notifications')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('alarm_id', 'integer', (column) => column.references('alarms.id').onDelete('cascade'))
      .addColumn('audience', 'text', (column) => column.notNull())
      .addColumn('user_id', 'integer', (column) => column.references('users.id').onDelete('set null'))
      .addColumn('contact_id', 'integer', (column) =>
        column.references('escalation_contacts.id').onDelete('set null'),
      )
      .addColumn('channel', 'text', (column) => column.notNull())
      .addColumn('recipient', 'text', (column) => column.notNull())
      .addColumn('recipient_name', 'text', (column) => column.notNull())
      .addColumn('subject', 'text', (column) => column.notNull())
      .addColumn('body', 'text', (column) => column.notNull())
      .addColumn('state', 'text', (column) => column.notNull())
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (column) => column.notNull())
      .addColumn('lease_until', 'text')
      .addColumn('provider_message_id', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('sent_at', 'text')
      .addColumn('delivered_at', 'text')
      .addColumn('failed_at', 'text')
      .execute();
    // The worker's claim: the due rows of a state, oldest due first.
    await db.schema
      .createIndex('notifications_due')
      .on('notifications')
      .columns(['state', 'next_attempt_at', 'id'])
      .execute();
    // A provider's delivery report names its own message id.
    await db.schema
      .createIndex('notifications_provider_message')
      .on('notifications')
      .columns(['provider_message_id'])
      .execute();
    await db.schema
      .createIndex('notifications_alarm')
      .on('notifications')
      .columns(['alarm_id', 'id'])
      .execute();
    // A person's messages (what was sent to them).
    await db.schema
      .createIndex('notifications_user')
      .on('notifications')
      .columns(['user_id', 'id'])
      .execute();

    await db.schema
      .createTable('push_subscriptions')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('user_id', 'integer', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('endpoint', 'text', (column) => column.notNull().unique())
      .addColumn('p256dh', 'text', (column) => column.notNull())
      .addColumn('auth', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('push_subscriptions_user')
      .on('push_subscriptions')
      .columns(['user_id'])
      .execute();

    await db.schema
      .createTable('share_links')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('alarm_id', 'integer', (column) =>
        column.notNull().references('alarms.id').onDelete('cascade'),
      )
      .addColumn('vehicle_id', 'integer', (column) =>
        column.notNull().references('vehicles.id').onDelete('cascade'),
      )
      .addColumn('token_hash', 'text', (column) => column.notNull().unique())
      .addColumn('recipient', 'text', (column) => column.notNull())
      .addColumn('created_by_user_id', 'integer', (column) =>
        column.references('users.id').onDelete('set null'),
      )
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'text', (column) => column.notNull())
      .addColumn('revoked_at', 'text')
      .addColumn('revoked_by_user_id', 'integer', (column) =>
        column.references('users.id').onDelete('set null'),
      )
      .execute();
    await db.schema.createIndex('share_links_alarm').on('share_links').columns(['alarm_id', 'id']).execute();

    await db.schema
      .createTable('share_link_views')
      .addColumn('id', 'integer', identityColumn(db))
      .addColumn('share_link_id', 'integer', (column) =>
        column.notNull().references('share_links.id').onDelete('cascade'),
      )
      .addColumn('viewed_at', 'text', (column) => column.notNull())
      .addColumn('address', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('share_link_views_link')
      .on('share_link_views')
      .columns(['share_link_id', 'id'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('share_link_views').execute();
    await db.schema.dropTable('share_links').execute();
    await db.schema.dropTable('push_subscriptions').execute();
    await db.schema.dropTable('notifications').execute();
    await db.schema.alterTable('alarms').dropColumn('contacts_told').execute();
    await db.schema.dropTable('notification_preferences').execute();
    await db.schema.dropTable('escalation_contacts').execute();
  },
};
