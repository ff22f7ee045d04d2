/*
 * Alerting a response partner (Aura, Capital Air) to a vehicle: the one body behind the vehicle
 * card's AlertAura / AlertCapitalAir and an alarm's Escalate. The partner is called outside any
 * transaction (it may take seconds); what became of it is then stored in one: the partner_alerts
 * row, the audit entry, the history entry when the partner accepted, and the vehicle's active
 * alarms escalated (or told the partner refused).
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { partnerAlertOnAlarms } from '../alarms/alarm-service';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/database';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { recordPartnerAlertOutcome } from '../providers/partner-alerts';
import type { Partner, PartnerAlertOutcome, PartnerAlertProvider } from '../providers/partner-alerts';
import { findUserName } from '../users/user-queries';
import { heldEvents } from './vehicle-events';
import type { VehicleEvents } from './vehicle-events';
import { recordPartnerAlert } from './vehicle-store';
import type { PartnerAlertKind } from './vehicle-store';

export interface PartnerAlertContext {
  db: Kysely<Database>;
  events: VehicleEvents;
  partnerAlerts: PartnerAlertProvider;
}

const HISTORY_KIND: Record<Partner, PartnerAlertKind> = { Aura: 'aura', 'Capital Air': 'capitalAir' };

/** The vehicle as the partner is told of it. */
export interface AlertedVehicle {
  id: number;
  registrationNumber: string;
  lastKnownGpsLatitudeDegrees: number | null;
  lastKnownGpsLongitudeDegrees: number | null;
}

/** Alerts the partner and stores the outcome; answers it, accepted or not. */
export async function alertPartner(
  { db, events, partnerAlerts }: PartnerAlertContext,
  request: FastifyRequest,
  vehicle: AlertedVehicle,
  partner: Partner,
): Promise<PartnerAlertOutcome> {
  const userId = request.user!.userId;
  const staff = await findUserName(db, userId);
  const startedAt = new Date();
  const outcome = await partnerAlerts.dispatch({
    partner,
    vehicleId: vehicle.id,
    registrationNumber: vehicle.registrationNumber,
    latitudeDegrees: vehicle.lastKnownGpsLatitudeDegrees,
    longitudeDegrees: vehicle.lastKnownGpsLongitudeDegrees,
    raisedBy: staff,
  });
  const held = heldEvents();
  await inTransaction(db, async (trx) => {
    await recordPartnerAlertOutcome(trx, {
      vehicleId: vehicle.id,
      partner,
      raisedByUserId: userId,
      outcome,
      startedAt,
    });
    await recordAudit(trx, request, {
      action: 'PartnerAlerted',
      targetType: 'Vehicle',
      targetId: vehicle.id,
      detail: { partner, accepted: outcome.accepted, status: outcome.status, attempts: outcome.attempts },
    });
    // A callout that did not reach the partner is no callout: no history entry.
    if (outcome.accepted) {
      await recordPartnerAlert(trx, {
        vehicleId: vehicle.id,
        kind: HISTORY_KIND[partner],
        status: outcome.status,
        byUserId: userId,
      });
    }
    await partnerAlertOnAlarms(trx, held.bus, request, {
      vehicleId: vehicle.id,
      partner,
      outcome,
      at: new Date(),
    });
  });
  held.release(events);
  return outcome;
}

/** The 502 of a partner that did not accept (the spec shows the server's message for 2 seconds). */
export function partnerRefused(partner: Partner, outcome: PartnerAlertOutcome): ApiError {
  return new ApiError('partnerFailed', undefined, `${partner} did not accept the alert: ${outcome.status}.`);
}
