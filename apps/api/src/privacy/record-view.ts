/*
 * Who read an account holder's personal data (POPIA section 23: which third parties had access to
 * it). A staff read of their record, their vehicles and drivers, their escalation contacts, a
 * vehicle's history (page or CSV) or its trip replay writes a PersonalDataViewed audit entry with
 * the holder as subjectUserId and { what, vehicleId? } as detail; who, when and from where come
 * from the request, as for every audit entry.
 *
 * The dashboard asks again on focus and on a timer, so a page left open would write an entry a
 * minute. One entry per viewer, holder, kind of data and vehicle per VIEW_WINDOW_MS answers "who
 * looked, and when" as well. Each api instance remembers what it wrote lately, so a refetch costs
 * no query at all; an instance that did not write it asks the database (the viewer's entries of
 * the window, through the audit_log_user index), so two instances behind one balancer write one
 * entry too, unless the same read reaches both in the same instant, which writes two.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ROLE } from '@sentinel/domain';
import { actorOf, recordAudit } from '../audit/record-audit';
import type { AuditActor } from '../audit/record-audit';
import { instant } from '../db/database';
import type { Database } from '../db/schema';
import { parseFilter } from '../odata/parse';
import type { FilterNode } from '../odata/parse';

/** What was read; the audit entry's detail names it. */
export type ViewedData =
  'Account' | 'EscalationContacts' | 'Vehicles' | 'VehicleHistory' | 'VehicleHistoryCsv' | 'TripReplay';

export interface View {
  /** The account holder whose data it is. */
  subjectUserId: number;
  what: ViewedData;
  /** The vehicle whose history or trips were read. */
  vehicleId?: number;
}

/** At most one entry per viewer, holder, kind of data and vehicle in this time. */
export const VIEW_WINDOW_MS = 10 * 60_000;

// Enough for every page a busy control room has open; the oldest is forgotten first, and a
// forgotten view costs one indexed read, not a second entry.
const REMEMBERED_VIEWS = 10_000;

/** The views an api instance wrote (or found written) lately, least recent first. */
export class RecentViews {
  private readonly recordedAt = new Map<string, number>();

  /** True when the view was recorded less than VIEW_WINDOW_MS before `now`. */
  has(key: string, now: number): boolean {
    const at = this.recordedAt.get(key);
    return at !== undefined && now - at < VIEW_WINDOW_MS;
  }

  remember(key: string, at: number): void {
    this.recordedAt.delete(key);
    this.recordedAt.set(key, at);
    if (this.recordedAt.size > REMEMBERED_VIEWS) {
      const oldest = this.recordedAt.keys().next();
      if (oldest.done !== true) this.recordedAt.delete(oldest.value);
    }
  }

  forget(key: string): void {
    this.recordedAt.delete(key);
  }
}

// One memory per database handle, i.e. per api instance: test files that build several apis in
// one process (and one worker running many files) never see each other's views.
const recentByDatabase = new WeakMap<Kysely<Database>, RecentViews>();

function recentViewsOf(db: Kysely<Database>): RecentViews {
  let recent = recentByDatabase.get(db);
  if (recent === undefined) {
    recent = new RecentViews();
    recentByDatabase.set(db, recent);
  }
  return recent;
}

export interface RecordViewOptions {
  /** The time of the read, in ms. @default Date.now() */
  now?: number;
  /** What this instance remembers. @default the one of `db` */
  recent?: RecentViews;
}

/**
 * Records that the signed-in user (of the request, or the actor) read the holder's data, unless
 * they are that holder (their own data is no third party's access) or they read the same within
 * VIEW_WINDOW_MS.
 */
export async function recordView(
  db: Kysely<Database>,
  who: FastifyRequest | AuditActor,
  view: View,
  options: RecordViewOptions = {},
): Promise<void> {
  const actor = 'headers' in who ? actorOf(who) : who;
  const viewerId = actor.userId;
  if (viewerId === null || viewerId === view.subjectUserId) return;
  const now = options.now ?? Date.now();
  const recent = options.recent ?? recentViewsOf(db);
  const detailObject =
    view.vehicleId === undefined ? { what: view.what } : { what: view.what, vehicleId: view.vehicleId };
  // The text recordAudit stores for it: the entry of an earlier read is found by equality.
  const detail = JSON.stringify(detailObject);
  const key = `${viewerId} ${view.subjectUserId} ${detail}`;
  if (recent.has(key, now)) return;
  // Remembered before the first await, so this instance's simultaneous reads write once.
  recent.remember(key, now);
  try {
    const earlier = await db
      .selectFrom('auditLog')
      .select('occurredAt')
      .where('userId', '=', viewerId)
      .where('occurredAt', '>', instant(new Date(now - VIEW_WINDOW_MS)))
      .where('action', '=', 'PersonalDataViewed')
      .where('subjectUserId', '=', view.subjectUserId)
      .where('detail', '=', detail)
      .orderBy('occurredAt', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (earlier !== undefined) {
      recent.remember(key, Date.parse(earlier.occurredAt));
      return;
    }
    await recordAudit(db, actor, {
      action: 'PersonalDataViewed',
      ...(view.vehicleId === undefined
        ? { targetType: 'User', targetId: view.subjectUserId }
        : { targetType: 'Vehicle', targetId: view.vehicleId }),
      detail: detailObject,
      subjectUserId: view.subjectUserId,
    });
  } catch (error) {
    recent.forget(key);
    throw error;
  }
}

/** A read of the vehicle's history or trips: recorded against its owner. */
export async function recordVehicleView(
  db: Kysely<Database>,
  request: FastifyRequest,
  vehicleId: number,
  what: Extract<ViewedData, 'VehicleHistory' | 'VehicleHistoryCsv' | 'TripReplay'>,
): Promise<void> {
  const vehicle = await db
    .selectFrom('vehicles')
    .select('userId')
    .where('id', '=', vehicleId)
    .executeTakeFirst();
  if (vehicle !== undefined)
    await recordView(db, request, { subjectUserId: vehicle.userId, what, vehicleId });
}

/**
 * The number a list's $filter pins the field to: `field eq N` at the top level, alone or joined by
 * `and` (as View account asks GET /Users and GET /Vehicles for one holder). Undefined otherwise.
 */
export function pinnedNumber(filter: string | undefined, field: string): number | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  const pinned = (node: FilterNode): number | undefined => {
    if (node.kind === 'and') return pinned(node.left) ?? pinned(node.right);
    if (node.kind !== 'compare' || node.operator !== 'eq') return undefined;
    const [name, value] = node.left.kind === 'field' ? [node.left, node.right] : [node.right, node.left];
    return name.kind === 'field' &&
      name.name.toLowerCase() === field.toLowerCase() &&
      value.kind === 'literal' &&
      typeof value.value === 'number'
      ? value.value
      : undefined;
  };
  return pinned(parseFilter(filter));
}

/** GET /Users pinned to one id: View account's read of that holder's record, when it is a holder's. */
export async function recordHolderRead(
  db: Kysely<Database>,
  request: FastifyRequest,
  filter: string | undefined,
  users: readonly { id: number; roles: readonly string[] }[],
): Promise<void> {
  const id = pinnedNumber(filter, 'id');
  const holder = users.find((user) => user.id === id && user.roles.includes(ROLE.accountHolder));
  if (holder !== undefined) await recordView(db, request, { subjectUserId: holder.id, what: 'Account' });
}

/** GET /Vehicles pinned to one owner: View account's read of the holder's vehicles and drivers. */
export async function recordOwnerVehiclesRead(
  db: Kysely<Database>,
  request: FastifyRequest,
  filter: string | undefined,
  vehicles: readonly { userId: number }[],
): Promise<void> {
  const ownerId = pinnedNumber(filter, 'userId');
  if (ownerId !== undefined && vehicles.some((vehicle) => vehicle.userId === ownerId)) {
    await recordView(db, request, { subjectUserId: ownerId, what: 'Vehicles' });
  }
}
