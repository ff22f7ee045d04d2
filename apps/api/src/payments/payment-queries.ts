/* Payments of subscription deposits and what a verified notification changes. */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { instant } from '../db/database';
import type { Database } from '../db/schema';
import type { PaymentNotification } from './payment-provider';

/** A new pending payment of the subscription's deposit; earlier pending ones stop counting. */
export async function newPayment(db: Kysely<Database>, subscriptionId: number, amountCents: number) {
  const reference = `SNT-${randomBytes(9).toString('base64url')}`;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('payments')
      .set({ status: 'Superseded', settledAt: instant() })
      .where('subscriptionId', '=', subscriptionId)
      .where('status', '=', 'Pending')
      .execute();
    await trx
      .insertInto('payments')
      .values({
        subscriptionId,
        reference,
        amountCents,
        status: 'Pending',
        createdAt: instant(),
        settledAt: null,
      })
      .execute();
  });
  return reference;
}

export function findPayment(db: Kysely<Database>, reference: string) {
  return db.selectFrom('payments').selectAll().where('reference', '=', reference).executeTakeFirst();
}

export type NotificationResult = 'applied' | 'replayed' | 'ignored';

/**
 * Applies a verified notification once: its id is recorded in the same transaction, so a replay
 * (the same id again) changes nothing. Only a pending payment of the same amount settles; a paid
 * deposit marks the subscription and the vehicle.
 */
export async function applyNotification(
  db: Kysely<Database>,
  notification: PaymentNotification,
): Promise<NotificationResult> {
  return db.transaction().execute(async (trx) => {
    // A notification id seen before is a replay: the insert does nothing and neither does the rest.
    const recorded = await trx
      .insertInto('paymentNotifications')
      .values({ notificationId: notification.notificationId, receivedAt: instant() })
      .onConflict((conflict) => conflict.column('notificationId').doNothing())
      .executeTakeFirst();
    if ((recorded.numInsertedOrUpdatedRows ?? 0n) === 0n) return 'replayed';
    const payment = await trx
      .selectFrom('payments')
      .innerJoin('subscriptions', 'subscriptions.id', 'payments.subscriptionId')
      .select(['payments.id', 'payments.amountCents', 'payments.subscriptionId', 'subscriptions.vehicleId'])
      .where('payments.reference', '=', notification.reference)
      .where('payments.status', '=', 'Pending')
      .executeTakeFirst();
    if (!payment || payment.amountCents !== notification.amountCents) return 'ignored';
    await trx
      .updateTable('payments')
      .set({ status: notification.outcome, settledAt: instant() })
      .where('id', '=', payment.id)
      .execute();
    if (notification.outcome === 'Paid') {
      await trx
        .updateTable('subscriptions')
        .set({ status: 'Deposit-Paid' })
        .where('id', '=', payment.subscriptionId)
        .execute();
      await trx
        .updateTable('vehicles')
        .set({ subscriptionDepositAmountPaid: payment.amountCents })
        .where('id', '=', payment.vehicleId)
        .execute();
    }
    return 'applied';
  });
}
