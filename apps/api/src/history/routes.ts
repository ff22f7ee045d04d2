import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Expression, Kysely, SqlBool } from 'kysely';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import {
  HISTORY_TIME_ZONE,
  HISTORY_TYPE,
  HistoryEntrySchema,
  HistoryPageSchema,
  neutraliseFormula,
} from '@sentinel/domain';
import type { HistoryEntry, HistoryListField } from '@sentinel/domain';
import { scopeOf, userInScope } from '../access/scope';
import type { Database } from '../db/schema';
import { notFound, ProblemDetailsRef } from '../errors';
import { compileListQuery } from '../odata/compile';
import type { FieldMap, OrderTerm } from '../odata/compile';
import { IdParams, ListAnswers, ListQuerystring, nullableBool } from './schemas';

const HISTORY_FIELDS = {
  dateTime: { type: 'dateTime', expression: sql.ref('vehicleHistory.dateTime') },
  type: { type: 'string', expression: sql.ref('vehicleHistory.type') },
} satisfies FieldMap<HistoryListField>;

/** How many entries the CSV reads per query: the file holds the whole history, a chunk at a time. */
export const CSV_CHUNK_SIZE = 500;

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
    .where('vehicleHistory.vehicleId', '=', vehicleId);
}

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
): Promise<HistoryEntry[]> {
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

const TYPE_LABELS: Record<string, string> = {
  [HISTORY_TYPE.lockState]: 'Lock state',
  [HISTORY_TYPE.tamperAlert]: 'Tamper alert',
  [HISTORY_TYPE.auraCallout]: 'Aura callout',
  [HISTORY_TYPE.capitalAirIncident]: 'Capital Air incident',
};

// 'YYYY-MM-DD HH:mm' in South African time: unambiguous, sorts as text, and spreadsheets read it as a date.
const csvDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: HISTORY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function formatCsvDate(iso: string): string {
  const parts = Object.fromEntries(
    csvDate.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  );
  return `${parts['year']}-${parts['month']}-${parts['day']} ${parts['hour']}:${parts['minute']}`;
}

const name = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');
const yesNo = (value: boolean | null) => (value === null ? '' : value ? 'Yes' : 'No');

export const HISTORY_CSV_COLUMNS = [
  'Date (SAST)',
  'Type',
  'Locked',
  'Changed by',
  'Changed from dashboard',
  'Tamper cancelled',
  'Cancelled by',
  'Car battery',
  'GPS',
  'Aura status',
  'Aura raised by',
  'Capital Air status',
  'Capital Air raised by',
  'Latitude',
  'Longitude',
] as const;

function csvRow(entry: HistoryEntry): string[] {
  const cells = [
    formatCsvDate(entry.dateTime),
    TYPE_LABELS[entry.type] ?? entry.type,
    yesNo(entry.isLocked),
    name(entry.isLockedByUserFirstName, entry.isLockedByUserLastName),
    yesNo(entry.isLockedChangedByAdminUser),
    yesNo(entry.tamperCancelled),
    name(entry.tamperCancelledByUserFirstName, entry.tamperCancelledByUserLastName),
    entry.tamperCarBatteryState ?? '',
    entry.tamperGpsState ?? '',
    entry.auraCalloutStatus ?? '',
    name(entry.auraCalloutCreatedByUserFirstName, entry.auraCalloutCreatedByUserLastName),
    entry.capitalAirIncidentStatus ?? '',
    name(entry.capitalAirIncidentCreatedByUserFirstName, entry.capitalAirIncidentCreatedByUserLastName),
    entry.lastKnownGpsLatitudeDegrees === null ? '' : String(entry.lastKnownGpsLatitudeDegrees),
    entry.lastKnownGpsLongitudeDegrees === null ? '' : String(entry.lastKnownGpsLongitudeDegrees),
  ];
  // Names and states come from people and devices: none may run as a spreadsheet formula.
  // Coordinates are numbers (a leading '-' is a sign), so they are left as they are.
  return cells.map((cell, index) => (index >= 13 ? cell : neutraliseFormula(cell)));
}

const CSV_OPTIONS = { record_delimiter: 'windows' } as const;

/**
 * The CSV text of a vehicle's whole history, newest first, a chunk at a time so a long history is
 * never held in memory at once. Each chunk continues after the last entry read (keyset, not offset),
 * so entries added while the file streams neither repeat a row nor push one out.
 */
async function* historyCsv(db: Kysely<Database>, vehicleId: number): AsyncGenerator<string> {
  yield stringify([[...HISTORY_CSV_COLUMNS]], CSV_OPTIONS);
  let after: HistoryEntry | undefined;
  for (;;) {
    const where =
      after === undefined
        ? undefined
        : sql<SqlBool>`(${sql.ref('vehicleHistory.dateTime')} < ${after.dateTime} or (${sql.ref('vehicleHistory.dateTime')} = ${after.dateTime} and ${sql.ref('vehicleHistory.id')} < ${after.id}))`;
    const entries = await readHistory(db, vehicleId, {
      where,
      order: NEWEST_FIRST,
      page: { limit: CSV_CHUNK_SIZE, offset: 0 },
    });
    if (entries.length > 0) yield stringify(entries.map(csvRow), CSV_OPTIONS);
    if (entries.length < CSV_CHUNK_SIZE) return;
    after = entries.at(-1);
  }
}

export const historyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(HistoryEntrySchema);
  const visibleVehicle = async (request: FastifyRequest, vehicleId: number) => {
    const scope = userInScope(await scopeOf(app.db, request.user!), sql.ref<number>('vehicles.userId'));
    let query = app.db.selectFrom('vehicles').select('vehicles.id').where('vehicles.id', '=', vehicleId);
    if (scope) query = query.where(scope);
    if (!(await query.executeTakeFirst())) throw notFound(`Vehicle ${vehicleId} was not found.`);
  };

  app.get(
    '/Vehicles/:id/History',
    {
      schema: {
        tags: ['Vehicles'],
        summary:
          "One page of the vehicle's history, newest first (dateTime desc) unless $orderby says otherwise",
        description:
          'Order and filter fields: dateTime, type. Pages as every list does ($pagesize, $pageindex); ' +
          'totalCount counts every entry that matches. GET /Vehicles/{id}/History/Csv holds them all.',
        security: [{ bearer: [] }],
        params: IdParams,
        querystring: ListQuerystring,
        response: { ...ListAnswers(HistoryPageSchema), 404: ProblemDetailsRef },
      },
    },
    async (request) => {
      const vehicleId = request.params.id;
      await visibleVehicle(request, vehicleId);
      const list = compileListQuery(HISTORY_FIELDS, request.query, {
        order: 'dateTime desc',
        id: sql.ref('vehicleHistory.id'),
      });
      let count = historyQuery(app.db, vehicleId);
      if (list.where) count = count.where(list.where);
      const [items, total] = await Promise.all([
        readHistory(app.db, vehicleId, {
          where: list.where,
          order: list.order,
          page: { limit: list.pageSize, offset: list.pageIndex * list.pageSize },
        }),
        count.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { items, totalCount: Number(total.count), pageIndex: list.pageIndex, pageSize: list.pageSize };
    },
  );

  app.get(
    '/Vehicles/:id/History/Csv',
    {
      schema: {
        tags: ['Vehicles'],
        summary: "The vehicle's whole history as a CSV file (RFC 4180), newest first",
        security: [{ bearer: [] }],
        params: IdParams,
        produces: ['text/csv'],
        response: {
          // Streamed a chunk at a time; the document still reads it as text.
          200: Type.Unsafe<string | Readable>(Type.String()),
          401: ProblemDetailsRef,
          403: ProblemDetailsRef,
          404: ProblemDetailsRef,
        },
      },
    },
    async (request, reply) => {
      const vehicleId = request.params.id;
      await visibleVehicle(request, vehicleId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="Vehicle-${vehicleId}-history.csv"`)
        .send(Readable.from(historyCsv(app.db, vehicleId)));
    },
  );
};
