/*
 * What the database holds for the rows of an import, loaded for many rows at once: a chunk of
 * the file for the preview, a batch inside its transaction for the run.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { ROLE } from '@sentinel/domain';
import type { Scope } from '../access/scope';
import type { Database } from '../db/schema';
import type { RowSnapshot, RowValues } from './row-rules';

const lowerKey = (value: string | undefined) => (value ?? '').trim().toLowerCase();

export interface SnapshotContext {
  scope: Scope;
  companyId: number | null;
}

type HolderRow = NonNullable<RowSnapshot['holder']> & { email: string };
type VehicleRow = NonNullable<RowSnapshot['vehicle']> & { registrationNumber: string };
type DriverRow = NonNullable<RowSnapshot['driver']> & { vehicleId: number; idNumber: string };

/** The users with these e-mails (any case), as the rules see them. */
async function holdersByEmail(
  db: Kysely<Database>,
  emails: readonly string[],
  context: SnapshotContext,
): Promise<Map<string, HolderRow>> {
  if (emails.length === 0) return new Map();
  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'idNumber', 'phoneNumber'])
    .where(sql<string>`lower(email)`, 'in', emails)
    .execute();
  const ids = users.map((user) => user.id);
  const [holders, links] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .selectFrom('userRoles')
          .innerJoin('roles', 'roles.id', 'userRoles.roleId')
          .select('userRoles.userId')
          .where('roles.name', '=', ROLE.accountHolder)
          .where('userRoles.userId', 'in', ids)
          .execute(),
    ids.length === 0
      ? []
      : db.selectFrom('companyUsers').select(['userId', 'companyId']).where('userId', 'in', ids).execute(),
  ]);
  const holderIds = new Set(holders.map((row) => row.userId));
  const companiesOf = new Map<number, number[]>();
  for (const link of links)
    companiesOf.set(link.userId, [...(companiesOf.get(link.userId) ?? []), link.companyId]);
  const scope = context.scope;
  return new Map(
    users.map((user) => {
      const companies = companiesOf.get(user.id) ?? [];
      return [
        lowerKey(user.email),
        {
          id: user.id,
          email: user.email,
          idNumber: user.idNumber,
          phoneNumber: user.phoneNumber,
          isAccountHolder: holderIds.has(user.id),
          inScope: scope.kind === 'all' || companies.some((id) => scope.companyIds.includes(id)),
          linked: context.companyId === null || companies.includes(context.companyId),
        },
      ];
    }),
  );
}

async function takenIdNumbers(db: Kysely<Database>, idNumbers: readonly string[]): Promise<Set<string>> {
  if (idNumbers.length === 0) return new Set();
  const rows = await db.selectFrom('users').select('idNumber').where('idNumber', 'in', idNumbers).execute();
  return new Set(rows.map((row) => lowerKey(row.idNumber ?? '')));
}

async function vehiclesByRegistration(
  db: Kysely<Database>,
  registrations: readonly string[],
): Promise<Map<string, VehicleRow>> {
  if (registrations.length === 0) return new Map();
  const rows = await db
    .selectFrom('vehicles')
    .select([
      'id',
      'userId',
      'registrationNumber',
      'registrationYear',
      'vehicleColour',
      'vinNumber',
      'engineNumber',
    ])
    .where(sql<string>`lower(registration_number)`, 'in', registrations)
    .orderBy('id')
    .execute();
  const byRegistration = new Map<string, VehicleRow>();
  for (const row of rows) {
    const key = lowerKey(row.registrationNumber);
    if (!byRegistration.has(key)) byRegistration.set(key, row);
  }
  return byRegistration;
}

const driverKey = (vehicleId: number, idNumber: string | undefined) => `${vehicleId}|${lowerKey(idNumber)}`;

/** The vehicles' drivers, by vehicle and ID number (the first of any repeat). */
async function driversOf(
  db: Kysely<Database>,
  vehicleIds: readonly number[],
): Promise<Map<string, DriverRow>> {
  if (vehicleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('drivers')
    .select(['id', 'vehicleId', 'idNumber', 'email', 'phoneNumber'])
    .where('vehicleId', 'in', vehicleIds)
    .orderBy('id')
    .execute();
  const byKey = new Map<string, DriverRow>();
  for (const row of rows) {
    const key = driverKey(row.vehicleId, row.idNumber);
    if (!byKey.has(key)) byKey.set(key, row);
  }
  return byKey;
}

/** Snapshots for many rows at once (the preview); earlier rows of the file are added by the caller. */
export async function loadSnapshots(
  db: Kysely<Database>,
  rows: readonly RowValues[],
  context: SnapshotContext,
): Promise<RowSnapshot[]> {
  const unique = (values: string[]) => [...new Set(values.filter((value) => value !== ''))];
  const holders = await holdersByEmail(db, unique(rows.map((row) => lowerKey(row['Holder.Email']))), context);
  const newHolderIds = unique(
    rows
      .filter((row) => !holders.has(lowerKey(row['Holder.Email'])))
      .map((row) => (row['Holder.IdNumber'] ?? '').trim()),
  );
  const taken = await takenIdNumbers(db, newHolderIds);
  const vehicles = await vehiclesByRegistration(
    db,
    unique(rows.map((row) => lowerKey(row['Vehicle.RegistrationNumber']))),
  );
  const drivers = await driversOf(
    db,
    [...vehicles.values()].map((vehicle) => vehicle.id),
  );
  return rows.map((row) => snapshotOf(row, holders, taken, vehicles, drivers));
}

function snapshotOf(
  row: RowValues,
  holders: ReadonlyMap<string, HolderRow>,
  taken: ReadonlySet<string>,
  vehicles: ReadonlyMap<string, VehicleRow>,
  drivers: ReadonlyMap<string, DriverRow>,
): RowSnapshot {
  const holder = holders.get(lowerKey(row['Holder.Email']));
  const vehicle = vehicles.get(lowerKey(row['Vehicle.RegistrationNumber']));
  const driverId = lowerKey(row['Driver.IdNumber']);
  const driver = vehicle && driverId !== '' ? drivers.get(driverKey(vehicle.id, driverId)) : undefined;
  return {
    ...(holder ? { holder } : {}),
    idNumberTaken: !holder && taken.has(lowerKey(row['Holder.IdNumber'])),
    ...(vehicle ? { vehicle } : {}),
    ...(driver ? { driver } : {}),
  };
}
