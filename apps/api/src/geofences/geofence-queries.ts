/*
 * Every read and write of the geofences table (migration 0021). The form rules, the geometry and
 * what a fix breaks are the domain's (packages/domain/src/geofences.ts); this file stores a
 * geofence whole (shape and rules as JSON text), says who may see it and who may aim one at a
 * scope, and bumps geofence_revision in the transaction of every change, so each api instance
 * reloads its lookup at its next telemetry batch (geofence-evaluation.ts).
 */
import { sql } from 'kysely';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { DEFAULT_PAGE_SIZE, polygonCorners, ROLE } from '@sentinel/domain';
import type {
  Geofence,
  GeofenceInput,
  GeofenceListQuery,
  GeofenceRule,
  GeofenceScope,
  GeofenceShape,
} from '@sentinel/domain';
import { companyInScope, userInScope } from '../access/scope';
import type { Scope } from '../access/scope';
import type { TokenSubject } from '../auth/access-tokens';
import { instant } from '../db/database';
import type { Database } from '../db/schema';
import { runPagedList } from '../odata/paged-list';
import type { PagedList } from '../odata/paged-list';

type Db = Kysely<Database>;

/** A geofence as stored, its JSON read back into the contract's shapes. */
export interface StoredGeofence {
  id: number;
  name: string;
  shape: GeofenceShape;
  scope: GeofenceScope;
  rules: GeofenceRule[];
}

interface GeofenceRow {
  id: number;
  name: string;
  shape: string;
  scopeKind: GeofenceScope['kind'];
  scopeId: number | null;
  rules: string;
}

/** The stored row as the domain reads it (written only after the schema and geofenceErrors passed). */
export function storedGeofence(row: GeofenceRow): StoredGeofence {
  return {
    id: row.id,
    name: row.name,
    shape: JSON.parse(row.shape) as GeofenceShape,
    scope: { kind: row.scopeKind, id: row.scopeId },
    rules: JSON.parse(row.rules) as GeofenceRule[],
  };
}

/** The columns a valid input is stored as: the name trimmed, a polygon without its closing corner. */
function columnsOf(input: GeofenceInput) {
  const shape: GeofenceShape =
    input.shape.type === 'Circle'
      ? { type: 'Circle', centre: input.shape.centre, radiusMetres: input.shape.radiusMetres }
      : { type: 'Polygon', points: polygonCorners(input.shape.points) };
  // A minute count means something to a Dwell rule only.
  const rules: GeofenceRule[] = input.rules.map((rule) => ({
    trigger: rule.trigger,
    dwellMinutes: rule.trigger === 'Dwell' ? rule.dwellMinutes : null,
    schedule: rule.schedule,
    priority: rule.priority,
  }));
  return {
    name: input.name.trim(),
    shape: JSON.stringify(shape),
    scopeKind: input.scope.kind,
    scopeId: input.scope.kind === 'Everyone' ? null : input.scope.id,
    rules: JSON.stringify(rules),
  };
}

/** What the scope reads as: the vehicle's registration, the holder's name, the company's name. */
function scopeNames(eb: ExpressionBuilder<Database, 'geofences'>) {
  const is = (kind: GeofenceScope['kind']) => eb('geofences.scopeKind', '=', kind);
  return [
    eb
      .selectFrom('vehicles')
      .select('vehicles.registrationNumber')
      .whereRef('vehicles.id', '=', 'geofences.scopeId')
      .where(is('Vehicle'))
      .as('vehicleName'),
    eb
      .selectFrom('users')
      .select(sql<string>`${sql.ref('users.firstName')} || ' ' || ${sql.ref('users.lastName')}`.as('name'))
      .whereRef('users.id', '=', 'geofences.scopeId')
      .where(is('AccountHolder'))
      .as('holderName'),
    eb
      .selectFrom('companies')
      .select('companies.name')
      .whereRef('companies.id', '=', 'geofences.scopeId')
      .where(is('Company'))
      .as('companyName'),
  ];
}

const GEOFENCE_COLUMNS = [
  'geofences.id',
  'geofences.name',
  'geofences.shape',
  'geofences.scopeKind',
  'geofences.scopeId',
  'geofences.rules',
  'geofences.createdAt',
  'geofences.updatedAt',
] as const;

interface AnswerRow extends GeofenceRow {
  createdAt: string;
  updatedAt: string;
  vehicleName: string | null;
  holderName: string | null;
  companyName: string | null;
}

function toGeofence(row: AnswerRow): Geofence {
  const { id, name, shape, scope, rules } = storedGeofence(row);
  // A target removed since (a vehicle deleted) still names what the geofence was aimed at.
  const scopeName =
    scope.kind === 'Everyone'
      ? 'Everyone'
      : (row.vehicleName ?? row.holderName ?? row.companyName ?? `${scope.kind} ${scope.id}`);
  return { id, name, shape, scope, scopeName, rules, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

/**
 * A condition on the geofences row: true when the caller's scope may see it. A Company-Admin sees
 * the geofences of their companies, of those companies' users and of those users' vehicles, and
 * every Everyone one (read-only: see mayChange).
 */
function visibleIn(scope: Scope): Expression<SqlBool> | undefined {
  if (scope.kind === 'all') return undefined;
  const target = sql.ref<number>('geofences.scopeId');
  const kind = sql.ref<string>('geofences.scopeKind');
  const ofCompany = companyInScope(scope, target)!;
  const ofHolder = userInScope(scope, target)!;
  const vehicleOwner = userInScope(scope, sql.ref<number>('owned.userId'))!;
  return sql<SqlBool>`(${kind} = 'Everyone'
    or (${kind} = 'Company' and ${ofCompany})
    or (${kind} = 'AccountHolder' and ${ofHolder})
    or (${kind} = 'Vehicle' and exists (select 1 from vehicles as owned where owned.id = ${target} and ${vehicleOwner})))`;
}

/** The geofence as GET /Geofences/{id} answers it; undefined when absent or outside the scope. */
export async function findGeofence(db: Db, id: number, scope: Scope): Promise<Geofence | undefined> {
  let query = db
    .selectFrom('geofences')
    .select((eb) => [...GEOFENCE_COLUMNS, ...scopeNames(eb)])
    .where('geofences.id', '=', id);
  const visible = visibleIn(scope);
  if (visible) query = query.where(visible);
  const row = await query.executeTakeFirst();
  return row && toGeofence(row);
}

/** One page of the geofences the scope may see, of one scope when the query names it; by name, then id. */
export function listGeofences(db: Db, query: GeofenceListQuery, scope: Scope): Promise<PagedList<Geofence>> {
  let base = db.selectFrom('geofences');
  const visible = visibleIn(scope);
  if (visible) base = base.where(visible);
  if (query.scopeKind !== undefined) base = base.where('geofences.scopeKind', '=', query.scopeKind);
  if (query.scopeId !== undefined) base = base.where('geofences.scopeId', '=', query.scopeId);
  return runPagedList(
    db,
    base,
    {
      where: undefined,
      order: [
        { expression: sql.ref('geofences.name'), direction: 'asc' },
        { expression: sql.ref('geofences.id'), direction: 'asc' },
      ],
      pageSize: query.$pagesize ?? DEFAULT_PAGE_SIZE,
      pageIndex: query.$pageindex ?? 0,
      fieldsUsed: new Set(),
    },
    (page) => page.select((eb) => [...GEOFENCE_COLUMNS, ...scopeNames(eb)]),
    (rows) => rows.map(toGeofence),
  );
}

/**
 * Whether the caller may aim a geofence at this scope: its target exists (a vehicle, an
 * Account-Holder, a company) and is within their reach. Everyone is an Admin's alone (the
 * high-risk zones and border crossings every vehicle is watched in).
 */
export async function mayUseScope(
  db: Db,
  user: TokenSubject,
  reach: Scope,
  scope: GeofenceScope,
): Promise<boolean> {
  if (scope.kind === 'Everyone') return user.role === ROLE.admin;
  const id = scope.id;
  if (id === null) return false;
  switch (scope.kind) {
    case 'Vehicle': {
      const owner = userInScope(reach, sql.ref<number>('vehicles.userId'));
      let query = db.selectFrom('vehicles').select('vehicles.id').where('vehicles.id', '=', id);
      if (owner) query = query.where(owner);
      return (await query.executeTakeFirst()) !== undefined;
    }
    case 'AccountHolder': {
      const holder = userInScope(reach, sql.ref<number>('users.id'));
      let query = db
        .selectFrom('users')
        .innerJoin('userRoles', 'userRoles.userId', 'users.id')
        .innerJoin('roles', 'roles.id', 'userRoles.roleId')
        .select('users.id')
        .where('users.id', '=', id)
        .where('roles.name', '=', ROLE.accountHolder);
      if (holder) query = query.where(holder);
      return (await query.executeTakeFirst()) !== undefined;
    }
    case 'Company': {
      const company = companyInScope(reach, sql.ref<number>('companies.id'));
      let query = db.selectFrom('companies').select('companies.id').where('companies.id', '=', id);
      if (company) query = query.where(company);
      return (await query.executeTakeFirst()) !== undefined;
    }
  }
}

/**
 * Whether the caller may change or remove a geofence they can see: an Everyone one is an Admin's
 * alone; any other they see is within their reach already.
 */
export function mayChange(user: TokenSubject, geofence: Pick<Geofence, 'scope'>): boolean {
  return geofence.scope.kind !== 'Everyone' || user.role === ROLE.admin;
}

/** One more change: each api instance reloads its lookup when it sees the number move. */
async function bumpRevision(trx: Db): Promise<void> {
  await trx
    .updateTable('geofenceRevision')
    .set((eb) => ({ revision: eb('revision', '+', 1) }))
    .execute();
}

/** The stored revision, read once per telemetry batch. */
export async function geofenceRevision(db: Db): Promise<number> {
  const row = await db.selectFrom('geofenceRevision').select('revision').executeTakeFirstOrThrow();
  return Number(row.revision);
}

/** Every geofence, for an instance's lookup. */
export async function allGeofences(db: Db): Promise<StoredGeofence[]> {
  const rows = await db
    .selectFrom('geofences')
    .select(['id', 'name', 'shape', 'scopeKind', 'scopeId', 'rules'])
    .execute();
  return rows.map(storedGeofence);
}

/** Stores a new geofence (on the caller's transaction) and answers its id. */
export async function insertGeofence(trx: Db, input: GeofenceInput, byUserId: number): Promise<number> {
  const at = instant();
  const { id } = await trx
    .insertInto('geofences')
    .values({ ...columnsOf(input), createdByUserId: byUserId, createdAt: at, updatedAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await bumpRevision(trx);
  return id;
}

/** Replaces a geofence's name, shape, scope and rules (on the caller's transaction). */
export async function updateGeofence(trx: Db, id: number, input: GeofenceInput): Promise<void> {
  await trx
    .updateTable('geofences')
    .set({ ...columnsOf(input), updatedAt: instant() })
    .where('id', '=', id)
    .execute();
  await bumpRevision(trx);
}

/**
 * Removes a geofence (on the caller's transaction). A vehicle inside it forgets it at its next
 * report (geofenceStep drops a presence whose geofence is gone), with no Exit alarm.
 */
export async function deleteGeofence(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('geofences').where('id', '=', id).execute();
  await bumpRevision(trx);
}
