/*
 * Every read of a vehicle's history: a page for the list, and keyset chunks for the CSV.
 */
import { sql } from 'kysely';
import type { Expression, Kysely, SqlBool } from 'kysely';
import type { HistoryEntry, HistoryListField, ListQuery } from '@sentinel/domain';
import { readerOf } from '../db/database';
import type { Database } from '../db/schema';
import { compileListQuery } from '../odata/compile';
import type { FieldMap, OrderTerm } from '../odata/compile';
import type { PagedList } from '../odata/paged-list';
import { nullableBool } from '../routes/schemas';

const HISTORY_FIELDS = {
  dateTime: { type: 'dateTime', expression: sql.ref('vehicleHistory.dateTime') },
  type: { type: 'string', expression: sql.ref('vehicleHistory.type') },
} satisfies FieldMap<HistoryListField>;

const NEWEST_FIRST: OrderTerm[] = [
  { expression: sql.ref('vehicleHistory.dateTime'), direction: 'desc' },
  { expression: sql.ref('vehicleHistory.id'), direction: 'desc' },
];

function historyQuery(db: Kysely<Database>, vehicleId: number) {
  return db
    .selectFrom('vehicleHistory')
    .leftJoin('users as lockBy', 'lockBy.id', 'vehicleHistory.isLockedByUserId')
    .leftJoin('users as cancelledBy', 'cancelledBy.id', 'vehicleHistory.tamperCancelledByUserId')
    .leftJoin('users as auraBy', 'auraBy.id', 'vehicleHistory.auraCalloutCreatedByUserId')
    .leftJoin('users as capitalAirBy', 'capitalAirBy.id', 'vehicleHistory.capitalAirIncidentCreatedByUserId')
    .leftJoin('deviceCommands as command', 'command.id', 'vehicleHistory.commandId')
    .leftJoin('users as commandBy', 'commandBy.id', 'command.requestedByUserId')
    .where('vehicleHistory.vehicleId', '=', vehicleId);
}

/**
 * An entry with the name of the person who asked for its lock command, which the CSV carries: the
 * entry's own "changed by" names whoever ended the command (a replacement or a cancel may be someone else).
 */
export type HistoryCsvEntry = HistoryEntry & {
  lockCommandRequestedByUserFirstName: string | null;
  lockCommandRequestedByUserLastName: string | null;
};

interface HistoryRead {
  where?: Expression<SqlBool> | undefined;
  order: OrderTerm[];
  /** Absent: every entry. */
  page?: { limit: number; offset: number };
}

async function readHistory(
  db: Kysely<Database>,
  vehicleId: number,
  read: HistoryRead,
): Promise<HistoryCsvEntry[]> {
  let query = historyQuery(db, vehicleId).select([
    'vehicleHistory.id',
    'vehicleHistory.vehicleId',
    'vehicleHistory.dateTime',
    'vehicleHistory.type',
    'vehicleHistory.isLocked',
    'lockBy.firstName as isLockedByUserFirstName',
    'lockBy.lastName as isLockedByUserLastName',
    'vehicleHistory.isLockedChangedByAdminUser',
    'vehicleHistory.tamperCancelled',
    'cancelledBy.firstName as tamperCancelledByUserFirstName',
    'cancelledBy.lastName as tamperCancelledByUserLastName',
    'vehicleHistory.tamperCarBatteryState',
    'vehicleHistory.tamperGpsState',
    'vehicleHistory.auraCalloutStatus',
    'auraBy.firstName as auraCalloutCreatedByUserFirstName',
    'auraBy.lastName as auraCalloutCreatedByUserLastName',
    'vehicleHistory.capitalAirIncidentStatus',
    'capitalAirBy.firstName as capitalAirIncidentCreatedByUserFirstName',
    'capitalAirBy.lastName as capitalAirIncidentCreatedByUserLastName',
    'vehicleHistory.latitudeDegrees',
    'vehicleHistory.longitudeDegrees',
    'command.type as lockCommandType',
    'command.status as lockCommandStatus',
    'command.requestedAt as lockCommandRequestedDateTime',
    'command.reason as lockCommandReason',
    'commandBy.firstName as lockCommandRequestedByUserFirstName',
    'commandBy.lastName as lockCommandRequestedByUserLastName',
  ]);
  if (read.where) query = query.where(read.where);
  for (const term of read.order) query = query.orderBy(term.expression, term.direction);
  if (read.page) query = query.limit(read.page.limit).offset(read.page.offset);
  const rows = await query.execute();
  return rows.map(({ latitudeDegrees, longitudeDegrees, ...row }) => ({
    ...row,
    isLocked: nullableBool(row.isLocked),
    isLockedChangedByAdminUser: nullableBool(row.isLockedChangedByAdminUser),
    tamperCancelled: nullableBool(row.tamperCancelled),
    lastKnownGpsLatitudeDegrees: latitudeDegrees,
    lastKnownGpsLongitudeDegrees: longitudeDegrees,
  }));
}

/** One page of the vehicle's history for the OData query, with the count of every match. */
export async function pageHistory(
  db: Kysely<Database>,
  vehicleId: number,
  query: ListQuery,
): Promise<PagedList<HistoryEntry>> {
  const list = compileListQuery(HISTORY_FIELDS, query, {
    order: 'dateTime desc',
    id: sql.ref('vehicleHistory.id'),
  });
  // The page and the count run on the reader, off the api's thread on a SQLite file (see runPagedList).
  const reader = readerOf(db);
  let count = historyQuery(reader, vehicleId);
  if (list.where) count = count.where(list.where);
  const [entries, total] = await Promise.all([
    readHistory(reader, vehicleId, {
      where: list.where,
      order: list.order,
      page: { limit: list.pageSize, offset: list.pageIndex * list.pageSize },
    }),
    count.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  // The list's entries are the contract's HistoryEntry: the requester's name is the CSV's extra.
  const items = entries.map(
    ({ lockCommandRequestedByUserFirstName: _first, lockCommandRequestedByUserLastName: _last, ...entry }) =>
      entry,
  );
  return { items, totalCount: Number(total.count), pageIndex: list.pageIndex, pageSize: list.pageSize };
}

/**
 * Up to `limit` entries, newest first, that come after `after` in that order (keyset, not offset),
 * so entries added meanwhile neither repeat nor push one out; from the newest without `after`.
 */
export function readHistoryAfter(
  db: Kysely<Database>,
  vehicleId: number,
  after: HistoryEntry | undefined,
  limit: number,
): Promise<HistoryCsvEntry[]> {
  const where =
    after === undefined
      ? undefined
      : // A row value, so both engines read the index from the key on rather than from the newest entry.
        sql<SqlBool>`(${sql.ref('vehicleHistory.dateTime')}, ${sql.ref('vehicleHistory.id')}) < (${after.dateTime}, ${after.id})`;
  return readHistory(db, vehicleId, { where, order: NEWEST_FIRST, page: { limit, offset: 0 } });
}
