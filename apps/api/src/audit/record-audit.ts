/*
 * recordAudit: the one way any module writes the audit log. Pass the transaction that makes the
 * change, so the change and its record commit (or roll back) together.
 */
import type { FastifyRequest } from 'fastify';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { ROLE } from '@sentinel/domain';
import type { AuditAction, AuditTargetType } from '@sentinel/domain';
import { instant } from '../db/database';
import type { Database } from '../db/schema';

/** Who acted and from where. A request gives its signed-in user, address and user agent. */
export interface AuditActor {
  userId: number | null;
  /** The e-mail to record; when absent it is read from the user's row at the time of writing. */
  email?: string | null;
  ipAddress: string | null;
  userAgent: string | null;
}

export interface AuditRecord {
  action: AuditAction;
  targetType?: AuditTargetType;
  targetId?: number | string;
  /** A small object (old and new value, a role, a partner's answer); never a secret. */
  detail?: Record<string, unknown>;
  /**
   * The account holder the entry is about (POPIA's "who had access to my data"). When absent it is
   * worked out from the target: a User who holds Account-Holder, a Driver's or a Vehicle's owner.
   */
  subjectUserId?: number;
}

// A user agent is whatever the caller sends; keep a readable prefix, not a 1 MB header.
const MAX_USER_AGENT = 300;
const MAX_DETAIL = 2000;

/** The signed-in user of the request (none on public routes), its address and its user agent. */
export function actorOf(request: FastifyRequest): AuditActor {
  const userAgent = request.headers['user-agent'];
  return {
    userId: request.user?.userId ?? null,
    ipAddress: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, MAX_USER_AGENT) : null,
  };
}

/** A change made by the api itself or a device, with no person behind it. */
export const SYSTEM_ACTOR: AuditActor = { userId: null, email: null, ipAddress: null, userAgent: null };

function isRequest(who: FastifyRequest | AuditActor): who is FastifyRequest {
  return 'headers' in who;
}

/**
 * The holder an entry about this target concerns, read in the entry's own insert: every change
 * to a holder, their driver or their vehicle (contact edits, locks, arming, alarms, share links)
 * then carries it without each caller looking it up. A staff member as the target concerns no
 * holder.
 */
function subjectOf(eb: ExpressionBuilder<Database, 'auditLog'>, record: AuditRecord) {
  if (record.subjectUserId !== undefined) return eb.val(record.subjectUserId);
  const id = Number(record.targetId);
  if (record.targetId === undefined || !Number.isSafeInteger(id)) return eb.val(null);
  switch (record.targetType) {
    case 'User':
      return eb
        .selectFrom('userRoles')
        .innerJoin('roles', 'roles.id', 'userRoles.roleId')
        .select('userRoles.userId')
        .where('userRoles.userId', '=', id)
        .where('roles.name', '=', ROLE.accountHolder);
    case 'Driver':
      return eb
        .selectFrom('drivers')
        .innerJoin('vehicles', 'vehicles.id', 'drivers.vehicleId')
        .select('vehicles.userId')
        .where('drivers.id', '=', id);
    case 'Vehicle':
      return eb.selectFrom('vehicles').select('vehicles.userId').where('vehicles.id', '=', id);
    case 'Company':
    case 'Device':
    case 'Geofence':
    case 'DataAccessRequest':
    case 'BreachIncident':
    case undefined:
      // A company, a device or a geofence may concern several holders or none: the caller names one.
      return eb.val(null);
  }
}

/** Adds one entry to the audit log, on `db` (a transaction, ideally the change's own). */
export async function recordAudit(
  db: Kysely<Database>,
  who: FastifyRequest | AuditActor,
  record: AuditRecord,
): Promise<void> {
  const actor = isRequest(who) ? actorOf(who) : who;
  const detail = record.detail === undefined ? null : JSON.stringify(record.detail);
  await db
    .insertInto('auditLog')
    .values((eb) => ({
      occurredAt: instant(),
      userId: actor.userId,
      userEmail:
        actor.email !== undefined || actor.userId === null
          ? (actor.email ?? null)
          : eb.selectFrom('users').select('users.email').where('users.id', '=', actor.userId),
      ipAddress: actor.ipAddress,
      userAgent: actor.userAgent,
      action: record.action,
      targetType: record.targetType ?? null,
      targetId: record.targetId === undefined ? null : String(record.targetId),
      detail: detail !== null && detail.length > MAX_DETAIL ? JSON.stringify({ truncated: true }) : detail,
      subjectUserId: subjectOf(eb, record),
    }))
    .execute();
}

interface Contact {
  email: string;
  phoneNumber: string;
}

/** Records EmailChanged and PhoneChanged (old and new value) for a contact edit that changed them. */
export async function recordContactChanges(
  db: Kysely<Database>,
  request: FastifyRequest,
  target: { type: 'User' | 'Driver'; id: number },
  before: Contact,
  after: Contact,
): Promise<void> {
  const base = { targetType: target.type, targetId: target.id } as const;
  if (before.email.trim().toLowerCase() !== after.email.trim().toLowerCase()) {
    await recordAudit(db, request, {
      action: 'EmailChanged',
      ...base,
      detail: { from: before.email, to: after.email },
    });
  }
  if (before.phoneNumber !== after.phoneNumber) {
    await recordAudit(db, request, {
      action: 'PhoneChanged',
      ...base,
      detail: { from: before.phoneNumber, to: after.phoneNumber },
    });
  }
}

/** A driver's contact details as stored, read before an edit so its audit entry can say what changed. */
export async function driverContact(db: Kysely<Database>, id: number): Promise<Contact | undefined> {
  return db.selectFrom('drivers').select(['email', 'phoneNumber']).where('id', '=', id).executeTakeFirst();
}
