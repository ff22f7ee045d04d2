/* Every read and write of the breach register (breach_incidents, migration 0025). */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { BREACH_DATA_CLASSES } from '@sentinel/domain';
import type {
  BreachDataClass,
  BreachIncident,
  BreachIncidentFields,
  BreachIncidentListField,
  ListQuery,
} from '@sentinel/domain';
import { instant } from '../db/database';
import type { Database } from '../db/schema';
import { compileListQuery } from '../odata/compile';
import type { FieldMap } from '../odata/compile';
import { runPagedList } from '../odata/paged-list';
import type { PagedList } from '../odata/paged-list';

type Db = Kysely<Database>;

const BREACH_FIELDS = {
  id: { type: 'number', expression: sql.ref('breachIncidents.id') },
  occurredAt: { type: 'dateTime', expression: sql.ref('breachIncidents.occurredAt') },
  discoveredAt: { type: 'dateTime', expression: sql.ref('breachIncidents.discoveredAt') },
  peopleAffected: { type: 'number', expression: sql.ref('breachIncidents.peopleAffected') },
  regulatorNotifiedAt: { type: 'dateTime', expression: sql.ref('breachIncidents.regulatorNotifiedAt') },
  peopleNotifiedAt: { type: 'dateTime', expression: sql.ref('breachIncidents.peopleNotifiedAt') },
  recordedAt: { type: 'dateTime', expression: sql.ref('breachIncidents.recordedAt') },
} satisfies FieldMap<BreachIncidentListField>;

/** The register reads newest first: by when each incident was discovered, then the latest entry. */
export const BREACH_ORDER = 'discoveredAt desc';

const known = new Set<string>(BREACH_DATA_CLASSES);

/** The stored JSON list as the contract's classes; anything else in it is left out, never a 500. */
function dataClassesOf(text: string): BreachDataClass[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value)
      ? value.filter((name): name is BreachDataClass => typeof name === 'string' && known.has(name))
      : [];
  } catch {
    return [];
  }
}

const columns = [
  'id',
  'occurredAt',
  'discoveredAt',
  'description',
  'dataClasses',
  'peopleAffected',
  'regulatorNotifiedAt',
  'peopleNotifiedAt',
  'recordedByUserId',
  'recordedAt',
  'updatedAt',
] as const;

interface Row {
  id: number;
  occurredAt: string;
  discoveredAt: string;
  description: string;
  dataClasses: string;
  peopleAffected: number;
  regulatorNotifiedAt: string | null;
  peopleNotifiedAt: string | null;
  recordedByUserId: number | null;
  recordedAt: string;
  updatedAt: string;
}

/**
 * The incidents of these rows, each with the e-mail of who recorded it as it reads now (one query
 * for the lot; a user who is gone reads as null).
 */
async function incidentsOf(reader: Db, rows: readonly Row[]): Promise<BreachIncident[]> {
  const ids = [
    ...new Set(rows.flatMap((row) => (row.recordedByUserId === null ? [] : [row.recordedByUserId]))),
  ];
  const users =
    ids.length === 0
      ? []
      : await reader.selectFrom('users').select(['id', 'email']).where('id', 'in', ids).execute();
  const emails = new Map(users.map((user) => [user.id, user.email]));
  return rows.map((row) => ({
    id: row.id,
    occurredAt: row.occurredAt,
    discoveredAt: row.discoveredAt,
    description: row.description,
    dataClasses: dataClassesOf(row.dataClasses),
    // PostgreSQL may answer a count column as text; it is never near a bigint.
    peopleAffected: Number(row.peopleAffected),
    regulatorNotifiedAt: row.regulatorNotifiedAt,
    peopleNotifiedAt: row.peopleNotifiedAt,
    recordedAt: row.recordedAt,
    recordedByEmail: row.recordedByUserId === null ? null : (emails.get(row.recordedByUserId) ?? null),
    updatedAt: row.updatedAt,
  }));
}

/** A page of the register for the OData query, newest first unless $orderby says otherwise. */
export async function listBreachIncidents(db: Db, query: ListQuery): Promise<PagedList<BreachIncident>> {
  const list = compileListQuery(BREACH_FIELDS, query, {
    order: BREACH_ORDER,
    id: sql.ref('breachIncidents.id'),
  });
  let base = db.selectFrom('breachIncidents');
  if (list.where) base = base.where(list.where);
  return runPagedList(
    db,
    base,
    list,
    (page) => page.select(columns),
    (rows, reader) => incidentsOf(reader, rows),
  );
}

/** One incident, or undefined when there is none with that id. */
export async function findBreachIncident(db: Db, id: number): Promise<BreachIncident | undefined> {
  const row = await db.selectFrom('breachIncidents').select(columns).where('id', '=', id).executeTakeFirst();
  return row && (await incidentsOf(db, [row]))[0];
}

const stored = (fields: BreachIncidentFields) => ({
  ...fields,
  dataClasses: JSON.stringify(fields.dataClasses),
});

/** Enters an incident in the register (on the caller's transaction); answers its id. */
export async function insertBreachIncident(
  trx: Db,
  fields: BreachIncidentFields,
  byUserId: number,
): Promise<number> {
  const at = instant();
  const { id } = await trx
    .insertInto('breachIncidents')
    .values({ ...stored(fields), recordedByUserId: byUserId, recordedAt: at, updatedAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Replaces an incident's fields (on the caller's transaction); who recorded it and when stay. */
export async function updateBreachIncident(trx: Db, id: number, fields: BreachIncidentFields): Promise<void> {
  await trx
    .updateTable('breachIncidents')
    .set({ ...stored(fields), updatedAt: instant() })
    .where('id', '=', id)
    .execute();
}

/**
 * The whole register newest first, a page at a time after the last incident read (keyset on the
 * list's order), so the CSV never holds it all and an entry added meanwhile repeats none.
 */
export async function readBreachIncidentsAfter(
  db: Db,
  after: Pick<BreachIncident, 'id' | 'discoveredAt'> | undefined,
  limit: number,
): Promise<BreachIncident[]> {
  let query = db.selectFrom('breachIncidents').select(columns);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('breachIncidents.discoveredAt', '<', after.discoveredAt),
        eb.and([
          eb('breachIncidents.discoveredAt', '=', after.discoveredAt),
          eb('breachIncidents.id', '<', after.id),
        ]),
      ]),
    );
  }
  const rows = await query
    .orderBy('breachIncidents.discoveredAt', 'desc')
    .orderBy('breachIncidents.id', 'desc')
    .limit(limit)
    .execute();
  return incidentsOf(db, rows);
}
