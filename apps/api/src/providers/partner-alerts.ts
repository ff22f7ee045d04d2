import type { Kysely } from 'kysely';
import { instant } from '../db/database';
import type { Database } from '../db/schema';

/** The two response partners an agent can alert from a vehicle card. */
export type Partner = 'Aura' | 'Capital Air';

export interface PartnerAlert {
  partner: Partner;
  vehicleId: number;
  registrationNumber: string;
  latitudeDegrees: number | null;
  longitudeDegrees: number | null;
  /** The staff member who raised it. */
  raisedBy: { firstName: string; lastName: string };
}

export interface PartnerAlertProvider {
  /** Hands the alert to the partner and answers the partner's status, e.g. 'Dispatched'. */
  dispatch(alert: PartnerAlert): Promise<{ status: string }>;
}

export const DISPATCHED = 'Dispatched';

/** The embedded default: records the alert in the outbox (channel 'partner') and reports it dispatched. */
export function outboxPartnerAlerts(db: Kysely<Database>): PartnerAlertProvider {
  return {
    async dispatch(alert) {
      const position =
        alert.latitudeDegrees === null || alert.longitudeDegrees === null
          ? 'position unknown'
          : `last known position ${alert.latitudeDegrees}, ${alert.longitudeDegrees}`;
      await db
        .insertInto('outbox')
        .values({
          channel: 'partner',
          recipient: alert.partner,
          subject: `Alert for vehicle ${alert.registrationNumber}`,
          body: `Vehicle ${alert.registrationNumber} (id ${alert.vehicleId}), ${position}. Raised by ${alert.raisedBy.firstName} ${alert.raisedBy.lastName}.`,
          createdAt: instant(),
        })
        .execute();
      return { status: DISPATCHED };
    },
  };
}
