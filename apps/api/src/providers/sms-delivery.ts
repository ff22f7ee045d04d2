/*
 * What an SMS provider's delivery report does: the notification it names (by the provider's own
 * message id) moves from Sent to Delivered or Failed, once, and its alarm's timeline gains one
 * 'Message' line worded by the domain's messageTimelineText, in the same transaction. Staff screens
 * hear of it through the 'alarm' event after the commit. A report for a message we do not know, or
 * for one whose end is already recorded, changes nothing: providers send reports again whenever
 * an answer is slow, and out of order.
 */
import type { Kysely } from 'kysely';
import { messageTimelineText } from '@sentinel/domain';
import { addAlarmEvent } from '../alarms/alarm-queries';
import { inTransaction, instant } from '../db/database';
import type { Database } from '../db/schema';
import { heldEvents } from '../vehicles/vehicle-events';
import type { VehicleEvents } from '../vehicles/vehicle-events';

/** How a message ended, as a provider reports it. */
export type DeliveryOutcome = { state: 'delivered' } | { state: 'failed'; reason: string };

export interface DeliveryReport {
  /** The id the provider answered when it took the message (notifications.provider_message_id). */
  providerMessageId: string;
  outcome: DeliveryOutcome;
  /** When the provider says it happened (delivered_at, failed_at). */
  at: Date;
}

/** What a report did: moved its message, or nothing (unknown, or already ended). */
export type DeliveryReportResult = 'recorded' | 'unchanged';

/** The longest last_error kept from a provider's words. */
const MAX_REASON_LENGTH = 200;

/** Records one delivery report; see the file's comment. */
export async function recordDeliveryReport(
  db: Kysely<Database>,
  events: VehicleEvents,
  report: DeliveryReport,
  now: Date = new Date(),
): Promise<DeliveryReportResult> {
  const at = instant(report.at);
  const held = heldEvents();
  const result = await inTransaction(db, async (trx): Promise<DeliveryReportResult> => {
    // Compare-and-set on the state: of two copies of one report, only the first finds it Sent.
    const moved = await trx
      .updateTable('notifications')
      .set(
        report.outcome.state === 'delivered'
          ? { state: 'Delivered', deliveredAt: at }
          : {
              state: 'Failed',
              failedAt: at,
              lastError: report.outcome.reason.slice(0, MAX_REASON_LENGTH),
            },
      )
      .where('providerMessageId', '=', report.providerMessageId)
      .where('channel', '=', 'sms')
      .where('state', '=', 'Sent')
      .returning(['id', 'alarmId', 'recipientName'])
      .executeTakeFirst();
    if (moved === undefined) return 'unchanged';
    if (moved.alarmId === null) return 'recorded';
    const alarm = await trx
      .selectFrom('alarms')
      .select('vehicleId')
      .where('id', '=', moved.alarmId)
      .executeTakeFirstOrThrow();
    await addAlarmEvent(trx, {
      alarmId: moved.alarmId,
      type: 'Message',
      text: messageTimelineText(
        { channel: 'sms', recipientName: moved.recipientName },
        report.outcome.state === 'delivered'
          ? { state: 'delivered' }
          : { state: 'failed', reason: report.outcome.reason.slice(0, MAX_REASON_LENGTH) },
      ),
      // When we learned it: the provider's clock may sit before our own 'sent' line.
      at: now,
    });
    held.bus.emit('alarm', { vehicleId: alarm.vehicleId, alarmId: moved.alarmId });
    return 'recorded';
  });
  held.release(events);
  return result;
}
