/*
 * A person's actions on an alarm: acknowledge, note, resolve, and what a partner alert does to
 * the vehicle's active alarms (escalate). Each runs in one transaction with its timeline entry
 * and its audit entry; the 'alarm' event (and a cancelled tamper alert's 'tamper') reaches the
 * bus only after the commit. Two people acting at once: a conditional UPDATE lets one win, and
 * the other is told who.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ALARM_RESOLUTION_LABELS,
  ALARM_RESOLUTIONS,
  alarmNoteErrors,
  alarmResolutionErrors,
  shareLinkEndedByResolveText,
} from '@sentinel/domain';
import type { Alarm, AlarmEvent, AlarmKind, AlarmResolution, AuditAction } from '@sentinel/domain';
import { recordAudit } from '../audit/record-audit';
import { inTransaction, instant } from '../db/database';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import type { Partner, PartnerAlertOutcome } from '../providers/partner-alerts';
import { revokeOpenLinksOfAlarm } from '../share-links/share-link-queries';
import { heldEvents } from '../vehicles/vehicle-events';
import type { VehicleEvents } from '../vehicles/vehicle-events';
import { recordTamper } from '../vehicles/vehicle-store';
import { addAlarmEvent, findAlarm, findAlarmEvent } from './alarm-queries';

type Db = Kysely<Database>;

export interface AlarmContext {
  db: Db;
  events: VehicleEvents;
}

/** The alarm actions of the audit log. */
type AlarmAuditAction = Extract<AuditAction, `Alarm${string}`>;

/** An audit entry about an alarm, on its vehicle (the entry's detail names the alarm). */
function auditAlarm(
  db: Db,
  request: FastifyRequest,
  action: AlarmAuditAction,
  alarm: { id: number; vehicleId: number; kind: AlarmKind },
  detail: Record<string, unknown> = {},
): Promise<void> {
  return recordAudit(db, request, {
    action,
    targetType: 'Vehicle',
    targetId: alarm.vehicleId,
    detail: { alarmId: alarm.id, kind: alarm.kind, ...detail },
  });
}

const fullName = (first: string | null, last: string | null) =>
  first === null && last === null ? undefined : [first, last].filter((part) => part !== null).join(' ');

/** 409 naming who already owns (or closed) the alarm. */
function alreadyTaken(alarm: Alarm): ApiError {
  if (alarm.state === 'Resolved') {
    const by = fullName(alarm.resolvedByUserFirstName, alarm.resolvedByUserLastName);
    return new ApiError(
      'conflict',
      undefined,
      by === undefined ? 'Already resolved.' : `Already resolved by ${by}.`,
    );
  }
  const by = fullName(alarm.acknowledgedByUserFirstName, alarm.acknowledgedByUserLastName);
  return new ApiError(
    'conflict',
    undefined,
    by === undefined ? 'Already acknowledged.' : `Already acknowledged by ${by}.`,
  );
}

/** Takes an Open alarm for this user; answers false when it was no longer Open. */
async function takeOpenAlarm(trx: Db, alarmId: number, userId: number, at: Date): Promise<boolean> {
  const taken = await trx
    .updateTable('alarms')
    .set({ state: 'Acknowledged', acknowledgedAt: instant(at), acknowledgedByUserId: userId })
    .where('id', '=', alarmId)
    .where('state', '=', 'Open')
    .executeTakeFirst();
  if (taken.numUpdatedRows === 0n) return false;
  await addAlarmEvent(trx, { alarmId, type: 'Acknowledged', byUserId: userId, at });
  return true;
}

async function stored(db: Db, alarmId: number): Promise<Alarm> {
  const alarm = await findAlarm(db, alarmId);
  if (!alarm) throw new Error(`Alarm ${alarmId} vanished.`);
  return alarm;
}

/** POST /Alarms/{id}/Acknowledge: only from Open; of two at once exactly one wins. */
export async function acknowledgeAlarm(
  { db, events }: AlarmContext,
  request: FastifyRequest,
  alarm: Alarm,
): Promise<Alarm> {
  const userId = request.user!.userId;
  const lost = await inTransaction(db, async (trx) => {
    if (await takeOpenAlarm(trx, alarm.id, userId, new Date())) {
      await auditAlarm(trx, request, 'AlarmAcknowledged', alarm);
      return undefined;
    }
    const current = await stored(trx, alarm.id);
    await auditAlarm(trx, request, 'AlarmAcknowledgeRefused', alarm, {
      state: current.state,
      acknowledgedByUserId: current.acknowledgedByUserId,
    });
    return current;
  });
  if (lost) throw alreadyTaken(lost);
  events.emit('alarm', { vehicleId: alarm.vehicleId, alarmId: alarm.id });
  return stored(db, alarm.id);
}

/** POST /Alarms/{id}/Notes: a Note entry on the timeline (any state, a resolved alarm's too). */
export async function addAlarmNote(
  { db, events }: AlarmContext,
  request: FastifyRequest,
  alarm: Alarm,
  note: string,
): Promise<AlarmEvent> {
  const errors = alarmNoteErrors(note);
  if (errors) throw new ApiError('validation', errors);
  const text = note.trim();
  const id = await inTransaction(db, async (trx) => {
    const entryId = await addAlarmEvent(trx, {
      alarmId: alarm.id,
      type: 'Note',
      byUserId: request.user!.userId,
      text,
    });
    await auditAlarm(trx, request, 'AlarmNoted', alarm, { length: text.length });
    return entryId;
  });
  events.emit('alarm', { vehicleId: alarm.vehicleId, alarmId: alarm.id });
  return findAlarmEvent(db, id);
}

/** The kinds a device's tamper alert opens: resolving the last of them cancels the vehicle's alert. */
const TAMPER_KINDS: readonly AlarmKind[] = ['Tamper', 'PowerCut', 'GpsJammed', 'GpsLost'];

const isResolution = (reason: string): reason is AlarmResolution =>
  (ALARM_RESOLUTIONS as readonly string[]).includes(reason);

/**
 * POST /Alarms/{id}/Resolve: closes the alarm with a reason (an Open one is acknowledged by the
 * resolver first). Resolving the vehicle's last active tamper-kind alarm cancels its tamper alert
 * through the vehicle store, as a person cancelling it from the card would.
 */
export async function resolveAlarm(
  { db, events }: AlarmContext,
  request: FastifyRequest,
  alarm: Alarm,
  body: { reason: string; note?: string | undefined },
): Promise<Alarm> {
  const errors = alarmResolutionErrors(body.reason, body.note) ?? {};
  if (errors['Reason'] === undefined && !isResolution(body.reason)) {
    errors['Reason'] = [`Reason must be one of: ${ALARM_RESOLUTIONS.join(', ')}.`];
  }
  if (Object.keys(errors).length > 0) throw new ApiError('validation', errors);
  const reason = body.reason as AlarmResolution;
  const note = body.note?.trim() || null;
  const userId = request.user!.userId;
  const at = new Date();
  const held = heldEvents();
  const lost = await inTransaction(db, async (trx) => {
    await takeOpenAlarm(trx, alarm.id, userId, at);
    const resolved = await trx
      .updateTable('alarms')
      .set({
        state: 'Resolved',
        resolvedAt: instant(at),
        resolvedByUserId: userId,
        resolution: reason,
        resolutionNote: note,
      })
      .where('id', '=', alarm.id)
      .where('state', '<>', 'Resolved')
      .executeTakeFirst();
    if (resolved.numUpdatedRows === 0n) return stored(trx, alarm.id);
    const label = ALARM_RESOLUTION_LABELS[reason];
    await addAlarmEvent(trx, {
      alarmId: alarm.id,
      type: 'Resolved',
      byUserId: userId,
      text: note === null ? label : `${label}: ${note}`,
      at,
    });
    await auditAlarm(trx, request, 'AlarmResolved', alarm, { reason });
    // A resolved alarm's live location is nobody's business any more: its open links end with it.
    for (const link of await revokeOpenLinksOfAlarm(trx, alarm.id, userId, at)) {
      await addAlarmEvent(trx, {
        alarmId: alarm.id,
        type: 'ShareLink',
        byUserId: userId,
        text: shareLinkEndedByResolveText(link),
        at,
      });
      await recordAudit(trx, request, {
        action: 'ShareLinkRevoked',
        targetType: 'Vehicle',
        targetId: alarm.vehicleId,
        detail: { alarmId: alarm.id, shareLinkId: link.id, recipient: link.recipient, by: 'AlarmResolved' },
      });
    }
    if (TAMPER_KINDS.includes(alarm.kind))
      await cancelTamperIfLast(trx, held.bus, alarm.vehicleId, userId, at);
    return undefined;
  });
  if (lost) throw alreadyTaken(lost);
  held.release(events);
  events.emit('alarm', { vehicleId: alarm.vehicleId, alarmId: alarm.id });
  return stored(db, alarm.id);
}

/** Cancels the vehicle's standing tamper alert when no tamper-kind alarm of it stays active. */
async function cancelTamperIfLast(
  trx: Db,
  events: VehicleEvents,
  vehicleId: number,
  userId: number,
  at: Date,
): Promise<void> {
  const vehicle = await trx
    .selectFrom('vehicles')
    .select('tamperActive')
    .where('id', '=', vehicleId)
    .executeTakeFirst();
  if (vehicle?.tamperActive !== 1) return;
  const other = await trx
    .selectFrom('alarms')
    .select('id')
    .where('vehicleId', '=', vehicleId)
    .where('kind', 'in', TAMPER_KINDS)
    .where('state', '<>', 'Resolved')
    .limit(1)
    .executeTakeFirst();
  if (other) return;
  await recordTamper(trx, { vehicleId, active: false, cancelledByUserId: userId, at }, events);
}

/**
 * A partner alert about the vehicle (from its card or one of its alarms) on each of its active
 * alarms, inside the alert's transaction: accepted, each is Escalated (an Open one acknowledged by
 * the sender first) with the partner and its status; refused, each timeline says so and the
 * alarm keeps its state.
 */
export async function partnerAlertOnAlarms(
  trx: Db,
  events: VehicleEvents,
  request: FastifyRequest,
  alert: { vehicleId: number; partner: Partner; outcome: PartnerAlertOutcome; at: Date },
): Promise<void> {
  const userId = request.user!.userId;
  const active = await trx
    .selectFrom('alarms')
    .select(['id', 'vehicleId', 'kind'])
    .where('vehicleId', '=', alert.vehicleId)
    .where('state', '<>', 'Resolved')
    .orderBy('id')
    .execute();
  for (const alarm of active) {
    if (alert.outcome.accepted) {
      await takeOpenAlarm(trx, alarm.id, userId, alert.at);
      await trx
        .updateTable('alarms')
        .set((eb) => ({
          state: 'Escalated',
          escalatedAt: eb.fn.coalesce('escalatedAt', eb.val(instant(alert.at))),
        }))
        .where('id', '=', alarm.id)
        .where('state', '<>', 'Resolved')
        .execute();
      await addAlarmEvent(trx, {
        alarmId: alarm.id,
        type: 'Escalated',
        byUserId: userId,
        text: `${alert.partner}: ${alert.outcome.status}`,
        at: alert.at,
      });
      await auditAlarm(trx, request, 'AlarmEscalated', alarm, {
        partner: alert.partner,
        status: alert.outcome.status,
      });
    } else {
      await addAlarmEvent(trx, {
        alarmId: alarm.id,
        type: 'PartnerStatus',
        byUserId: userId,
        text: `${alert.partner} did not accept the alert: ${alert.outcome.status}.`,
        at: alert.at,
      });
    }
    events.emit('alarm', { vehicleId: alarm.vehicleId, alarmId: alarm.id });
  }
}

/** 409 when the alarm is already resolved (escalate and the like need an active alarm). */
export function assertActive(alarm: Alarm): void {
  if (alarm.state === 'Resolved') throw alreadyTaken(alarm);
}
