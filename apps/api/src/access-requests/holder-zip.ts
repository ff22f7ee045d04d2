/*
 * The zip of an access request, built while it streams: nothing of it is stored. yazl writes one
 * entry at a time and pipes each entry's stream through its compressor into the zip's output, and
 * the output into the response, so a slow reader slows the database reads down (backpressure end to
 * end): an entry's rows are pulled from its generator only when the pipe below wants more, and each
 * generator holds one page. Memory therefore stays flat however many fixes a holder has; the
 * benchmark (bench/access-request.ts) measures it.
 */
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { ZipFile } from 'yazl';
import type { Database } from '../db/schema';
import {
  accessLogCsv,
  alarmsCsv,
  driversCsv,
  escalationContactsCsv,
  holderProfile,
  holderVehicles,
  installationBookingsCsv,
  messagesCsv,
  notificationPreferencesJson,
  ownActionsCsv,
  partnerAlertsCsv,
  paymentsCsv,
  positionFixesCsv,
  sendLogCsv,
  shareLinksCsv,
  subscriptionsCsv,
  vehiclesCsv,
} from './export-files';
import type { ExportVehicle, FixPeriod } from './export-files';
import { historyCsv } from '../history/history-csv';

/** How much of an entry may wait, written, for the compressor: the generators stop pulling past it. */
const ENTRY_BUFFER_BYTES = 64 * 1024;

export interface HolderZipRequest {
  id: number;
  subjectUserId: number;
  requestedAt: string;
  fixesFrom: string | null;
  fixesTo: string | null;
}

/** Where each vehicle's own files are in the zip. */
export const vehicleFile = (vehicleId: number, what: 'history' | 'position-fixes') =>
  `vehicles/vehicle-${vehicleId}-${what}.csv`;

/** The files of the zip, in order, and what each holds: README.txt says the same to the person. */
const FILES: readonly (readonly [name: string, holds: string])[] = [
  [
    'profile.json',
    'The account holder: name, e-mail, phone, ID number, roles, companies, when the account was made.',
  ],
  [
    'vehicles.csv',
    'Their vehicles: registration, make and model, VIN and engine number, the linked tracking device, the last known position, arming.',
  ],
  ['drivers.csv', "Their vehicles' drivers: names, contact details and ID numbers."],
  ['subscriptions.csv', "Their vehicles' subscriptions: plan, deposit and status."],
  [
    'payments.csv',
    'The payments of those subscriptions: reference, amount, status and when they were made and settled.',
  ],
  ['installation-bookings.csv', "When and where their vehicles' devices were booked to be fitted."],
  ['escalation-contacts.csv', 'The people they asked to be told when an alarm may mean theft.'],
  [
    'notification-preferences.json',
    'Which alarms they are told of, by which channel, and their quiet hours.',
  ],
  ['alarms.csv', 'The alarms their vehicles raised, and how staff handled them.'],
  [
    'messages.csv',
    'The SMS, e-mail and push messages sent to them, and to their escalation contacts about their vehicles.',
  ],
  [
    'share-links.csv',
    "The live-location links staff made for responders (armed response, the police) from their vehicles' alarms: who got them, until when, and how often they were opened.",
  ],
  [
    'partner-alerts.csv',
    'The alerts sent about their vehicles to the response partners (Aura, Capital Air).',
  ],
  [
    'send-log.csv',
    "The last day of one-time codes and links sent to them (the throttles' log; older entries are not kept).",
  ],
  [
    'vehicles/vehicle-<id>-history.csv',
    "Each vehicle's history: locks and unlocks, tamper alerts, partner callouts, with where and by whom (times in South African time, as the dashboard's CSV).",
  ],
  [
    'vehicles/vehicle-<id>-position-fixes.csv',
    "Each vehicle's GPS positions in the period asked for, oldest first.",
  ],
  [
    'access-log.csv',
    'Who viewed or changed their data, when and from where: every audit log entry about them, this request and its downloads included.',
  ],
  [
    'own-actions.csv',
    'What they did themselves: the audit log entries where they were the one who acted (sign-ins, arming, panic).',
  ],
];

function readme(request: HolderZipRequest, vehicles: readonly ExportVehicle[], now: Date): string {
  const period =
    request.fixesFrom === null && request.fixesTo === null
      ? 'all of them'
      : `from ${request.fixesFrom ?? 'the first'} to ${request.fixesTo ?? 'the latest'}, both inclusive`;
  const lines = [
    'Sentinel: the personal information held about one account holder',
    '',
    `Account holder: user ${request.subjectUserId}`,
    `Access request: ${request.id}, asked for at ${request.requestedAt}`,
    `This copy was made at ${now.toISOString()}.`,
    `Position fixes: ${period}.`,
    `Vehicles: ${vehicles.length === 0 ? 'none' : vehicles.map((vehicle) => `${vehicle.id} (${vehicle.registrationNumber})`).join(', ')}.`,
    '',
    'Files are CSV (comma-separated, UTF-8, one header line) or JSON. Times are ISO 8601 in UTC',
    'unless the column says otherwise. A text cell that a spreadsheet could run as a formula starts',
    "with a ' (apostrophe), so it shows as text.",
    '',
    ...FILES.flatMap(([name, holds]) => [name, `  ${holds}`]),
    '',
    'Not included: passwords and second factors (only their hashes or encrypted secrets are kept, and',
    'they say nothing about the person), and a legal hold, which the Admin who asked can see on the',
    'account and may withhold while a police case runs (POPIA section 23(4), PAIA).',
    '',
  ];
  return lines.join('\r\n');
}

/**
 * The zip for `request` as a stream, or undefined when the holder no longer exists. The first reads
 * (the holder and their vehicles) happen now; every file after them is read when its turn comes.
 * When the output is destroyed (the client went away), the entry being written is destroyed too,
 * which ends its generator, so no more pages are read.
 */
export async function holderZip(
  db: Kysely<Database>,
  request: HolderZipRequest,
  period: FixPeriod,
  now: Date = new Date(),
): Promise<Readable | undefined> {
  const userId = request.subjectUserId;
  const profile = await holderProfile(db, userId);
  if (profile === undefined) return undefined;
  const vehicles = await holderVehicles(db, userId);

  const zip = new ZipFile();
  // A PassThrough, which yazl's types call a NodeJS.ReadableStream.
  const output = zip.outputStream as Readable;
  const open = new Set<Readable>();
  const options = { mtime: now };
  const text = (name: string, content: string) => zip.addBuffer(Buffer.from(content, 'utf8'), name, options);
  const file = (name: string, rows: () => AsyncIterable<string>) => {
    zip.addReadStreamLazy(name, options, (done) => {
      const stream = Readable.from(rows(), { objectMode: false, highWaterMark: ENTRY_BUFFER_BYTES });
      open.add(stream);
      stream.once('close', () => open.delete(stream));
      // A read that fails mid-way ends the download (the client sees it cut short), never the api.
      stream.once('error', (error) => output.destroy(error));
      done(null, stream);
    });
  };
  output.once('close', () => {
    for (const stream of open) stream.destroy();
  });

  text('README.txt', readme(request, vehicles, now));
  text('profile.json', JSON.stringify(profile, null, 2));
  file('vehicles.csv', () => vehiclesCsv(db, userId));
  file('drivers.csv', () => driversCsv(db, vehicles));
  file('subscriptions.csv', () => subscriptionsCsv(db, vehicles));
  file('payments.csv', () => paymentsCsv(db, vehicles));
  file('installation-bookings.csv', () => installationBookingsCsv(db, vehicles));
  file('escalation-contacts.csv', () => escalationContactsCsv(db, userId));
  text('notification-preferences.json', await notificationPreferencesJson(db, userId));
  file('alarms.csv', () => alarmsCsv(db, vehicles));
  file('messages.csv', () => messagesCsv(db, userId, vehicles));
  file('share-links.csv', () => shareLinksCsv(db, vehicles));
  file('partner-alerts.csv', () => partnerAlertsCsv(db, vehicles));
  file('send-log.csv', () => sendLogCsv(db, profile));
  for (const vehicle of vehicles) {
    file(vehicleFile(vehicle.id, 'history'), () => historyCsv(db, vehicle.id));
    file(vehicleFile(vehicle.id, 'position-fixes'), () => positionFixesCsv(db, vehicle.id, period));
  }
  file('access-log.csv', () => accessLogCsv(db, userId));
  file('own-actions.csv', () => ownActionsCsv(db, userId));
  zip.end();
  return output;
}
