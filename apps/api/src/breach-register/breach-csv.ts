/* The breach register as a CSV file: its columns, how an incident reads, the file a chunk at a time. */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import { neutraliseFormula } from '@sentinel/domain';
import type { BreachIncident } from '@sentinel/domain';
import type { Database } from '../db/schema';
import { readBreachIncidentsAfter } from './breach-queries';

/** Incidents read per query while the file streams. */
export const BREACH_CSV_CHUNK_SIZE = 200;

export const BREACH_CSV_COLUMNS = [
  'Id',
  'Occurred (UTC)',
  'Discovered (UTC)',
  'Description',
  'Data classes',
  'People affected',
  'Regulator notified (UTC)',
  'People notified (UTC)',
  'Recorded (UTC)',
  'Recorded by',
  'Last changed (UTC)',
] as const;

/**
 * One incident's cells. Times stay ISO 8601 UTC, as the Regulator's form and any later audit read
 * them without a time zone to guess. Every cell goes through neutraliseFormula: the description
 * and the e-mail are typed by people, and a cell that starts '=' must not run in a spreadsheet.
 */
export function breachCsvRow(incident: BreachIncident): string[] {
  return [
    String(incident.id),
    incident.occurredAt,
    incident.discoveredAt,
    incident.description,
    incident.dataClasses.join('; '),
    String(incident.peopleAffected),
    incident.regulatorNotifiedAt ?? '',
    incident.peopleNotifiedAt ?? '',
    incident.recordedAt,
    incident.recordedByEmail ?? '',
    incident.updatedAt,
  ].map(neutraliseFormula);
}

const CSV_OPTIONS = { record_delimiter: 'windows' } as const;

/** The CSV text (RFC 4180, CRLF) of the whole register, newest first, a header line first. */
export async function* breachRegisterCsv(
  db: Kysely<Database>,
  chunkSize = BREACH_CSV_CHUNK_SIZE,
): AsyncGenerator<string> {
  yield stringify([[...BREACH_CSV_COLUMNS]], CSV_OPTIONS);
  let after: BreachIncident | undefined;
  for (;;) {
    const incidents = await readBreachIncidentsAfter(db, after, chunkSize);
    if (incidents.length > 0) yield stringify(incidents.map(breachCsvRow), CSV_OPTIONS);
    if (incidents.length < chunkSize) return;
    after = incidents.at(-1);
    await nextTurn();
  }
}
