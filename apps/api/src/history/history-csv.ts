/* The history CSV: its columns, how each entry reads, and the file streamed a chunk at a time. */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import { HISTORY_TIME_ZONE, HISTORY_TYPE, neutraliseFormula } from '@sentinel/domain';
import type { HistoryEntry } from '@sentinel/domain';
import type { Database } from '../db/schema';
import { readHistoryAfter } from './history-queries';
import type { HistoryCsvEntry } from './history-queries';

/**
 * How many entries the CSV reads per query: the file holds the whole history, a chunk at a time.
 * 200 entries take 10-40 ms to read and write out, so other callers wait no longer than that.
 */
export const CSV_CHUNK_SIZE = 200;

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
  // After the spec's columns: the lock command a LockState entry ends (who asked, when, outcome).
  'Command',
  'Command asked by',
  'Command asked at (SAST)',
  'Command outcome',
  'Command outcome reason',
] as const;

/** The coordinate columns: numbers, which a leading '-' does not turn into a formula. */
const COORDINATE_COLUMNS = new Set([13, 14]);

function csvRow(entry: HistoryCsvEntry): string[] {
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
    entry.lockCommandType ?? '',
    name(entry.lockCommandRequestedByUserFirstName, entry.lockCommandRequestedByUserLastName),
    entry.lockCommandRequestedDateTime === null ? '' : formatCsvDate(entry.lockCommandRequestedDateTime),
    entry.lockCommandStatus ?? '',
    entry.lockCommandReason ?? '',
  ];
  // Names and states come from people and devices: none may run as a spreadsheet formula.
  // Coordinates are numbers (a leading '-' is a sign), so they are left as they are.
  return cells.map((cell, index) => (COORDINATE_COLUMNS.has(index) ? cell : neutraliseFormula(cell)));
}

const CSV_OPTIONS = { record_delimiter: 'windows' } as const;

/**
 * The CSV text of a vehicle's whole history, newest first, a chunk at a time so a long history is
 * never held in memory at once. Each chunk continues after the last entry read (keyset, not offset),
 * so entries added while the file streams neither repeat a row nor push one out. The event loop
 * gets a turn between chunks: a year of history takes seconds to write, and every other caller is
 * answered meanwhile.
 */
export async function* historyCsv(
  db: Kysely<Database>,
  vehicleId: number,
  chunkSize = CSV_CHUNK_SIZE,
): AsyncGenerator<string> {
  yield stringify([[...HISTORY_CSV_COLUMNS]], CSV_OPTIONS);
  let after: HistoryEntry | undefined;
  for (;;) {
    const entries = await readHistoryAfter(db, vehicleId, after, chunkSize);
    if (entries.length > 0) yield stringify(entries.map(csvRow), CSV_OPTIONS);
    if (entries.length < chunkSize) return;
    after = entries.at(-1);
    await nextTurn();
  }
}
