/*
 * Regions, fitment centres, their dated slots and installation bookings. Places in a slot are
 * taken with a guarded increment (booked < capacity) in the booking's transaction: of two agents
 * booking the last place at once, the database lets exactly one through, on either engine.
 */
import type { Kysely, Transaction } from 'kysely';
import { ONBOARDING_STATUS, utcSlotInstant } from '@sentinel/domain';
import type { AvailabilitySlot, FitmentCenter, InstallationBooking, Region } from '@sentinel/domain';
import { dialectOf, instant } from '../db/database';
import type { Database } from '../db/schema';
import { bool } from '../routes/schemas';

type Db = Kysely<Database> | Transaction<Database>;

const DAY_MS = 86_400_000;

export async function listRegions(db: Db): Promise<Region[]> {
  const rows = await db.selectFrom('regions').select(['id', 'name', 'active']).orderBy('name').execute();
  return rows.map((row) => ({ ...row, active: bool(row.active) }));
}

export async function listFitmentCenters(db: Db): Promise<FitmentCenter[]> {
  const rows = await db
    .selectFrom('fitmentCenters')
    .innerJoin('regions', 'regions.id', 'fitmentCenters.regionId')
    .select([
      'fitmentCenters.id',
      'fitmentCenters.active',
      'fitmentCenters.area',
      'fitmentCenters.name',
      'fitmentCenters.regionId',
      'regions.name as regionName',
    ])
    .orderBy('regions.name')
    .orderBy('fitmentCenters.name')
    .execute();
  return rows.map((row) => ({ ...row, active: bool(row.active) }));
}

export function findFitmentCenter(db: Db, id: number) {
  return db.selectFrom('fitmentCenters').select(['id', 'active']).where('id', '=', id).executeTakeFirst();
}

/** The centre's dated slots from `fromDate` for `days` days, with the places each has left. */
export async function centreAvailability(
  db: Db,
  fitmentCenterId: number,
  fromDate: string,
  days: number,
): Promise<AvailabilitySlot[]> {
  const slots = await db
    .selectFrom('fitmentCenterSlots')
    .selectAll()
    .where('fitmentCenterId', '=', fitmentCenterId)
    .orderBy('utcTimeStart')
    .execute();
  const start = Date.parse(`${fromDate}T00:00:00.000Z`);
  const dates = Array.from({ length: days }, (_, index) =>
    new Date(start + index * DAY_MS).toISOString().slice(0, 10),
  );
  const booked = await db
    .selectFrom('slotBookings')
    .select(['slotId', 'utcDate', 'booked'])
    .where('slotId', 'in', slots.length === 0 ? [0] : slots.map((slot) => slot.id))
    .where('utcDate', '>=', dates[0]!)
    .where('utcDate', '<=', dates.at(-1)!)
    .execute();
  const taken = new Map(booked.map((row) => [`${row.slotId}:${row.utcDate}`, row.booked]));
  return dates.flatMap((utcDate) => {
    const weekday = new Date(`${utcDate}T00:00:00.000Z`).getUTCDay();
    return slots
      .filter((slot) => slot.weekday === weekday)
      .map((slot) => ({
        fitmentCenterId,
        installationUtcDateTime: utcSlotInstant(utcDate, slot.utcTimeStart),
        utcDate,
        utcTimeStart: slot.utcTimeStart,
        utcTimeEnd: slot.utcTimeEnd,
        capacity: slot.capacity,
        available: Math.max(0, slot.capacity - (taken.get(`${slot.id}:${utcDate}`) ?? 0)),
      }));
  });
}

/** The centre's slot that starts at this instant (weekday and start time in UTC), if any. */
export function findSlotAt(db: Db, fitmentCenterId: number, at: Date) {
  const time = at.toISOString().slice(11, 16);
  return db
    .selectFrom('fitmentCenterSlots')
    .selectAll()
    .where('fitmentCenterId', '=', fitmentCenterId)
    .where('weekday', '=', at.getUTCDay())
    .where('utcTimeStart', '=', time)
    .executeTakeFirst();
}

/** Takes one place of the dated slot; false when it is full. */
export async function takePlace(
  trx: Transaction<Database>,
  slotId: number,
  utcDate: string,
  capacity: number,
) {
  await trx
    .insertInto('slotBookings')
    .values({ slotId, utcDate, booked: 0 })
    .onConflict((conflict) => conflict.columns(['slotId', 'utcDate']).doNothing())
    .execute();
  const result = await trx
    .updateTable('slotBookings')
    .set((eb) => ({ booked: eb('booked', '+', 1) }))
    .where('slotId', '=', slotId)
    .where('utcDate', '=', utcDate)
    .where('booked', '<', capacity)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Gives back the place a booking held. */
export async function releasePlace(trx: Transaction<Database>, slotId: number, utcDate: string) {
  await trx
    .updateTable('slotBookings')
    .set((eb) => ({ booked: eb('booked', '-', 1) }))
    .where('slotId', '=', slotId)
    .where('utcDate', '=', utcDate)
    .where('booked', '>', 0)
    .execute();
}

/** Locks the vehicle row for the rest of the transaction, so its bookings change one at a time. */
export function lockVehicle(trx: Transaction<Database>, vehicleId: number) {
  return dialectOf(trx)
    .forUpdate(
      trx.selectFrom('vehicles').select(['id', 'userId', 'onboardingStatus']).where('id', '=', vehicleId),
    )
    .executeTakeFirst();
}

export function activeBookingOf(trx: Db, vehicleId: number) {
  return trx
    .selectFrom('installationBookings')
    .selectAll()
    .where('vehicleId', '=', vehicleId)
    .where('active', '=', 1)
    .executeTakeFirst();
}

export function findBooking(db: Db, id: number) {
  return db.selectFrom('installationBookings').selectAll().where('id', '=', id).executeTakeFirst();
}

interface NewBooking {
  vehicleId: number;
  fitmentCenterId: number;
  slotId: number | null;
  installationUtcDateTime: string;
  onboardingExistingClient: boolean;
}

/** Stores the booking and schedules the vehicle. */
export async function insertBooking(trx: Transaction<Database>, booking: NewBooking): Promise<number> {
  const { id } = await trx
    .insertInto('installationBookings')
    .values({
      ...booking,
      onboardingExistingClient: booking.onboardingExistingClient ? 1 : 0,
      active: 1,
      createdOnDateTime: instant(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('vehicles')
    .set({ onboardingStatus: ONBOARDING_STATUS.scheduled })
    .where('id', '=', booking.vehicleId)
    .where('onboardingStatus', 'is not', null)
    .execute();
  return id;
}

/** Cancels the booking (its place already given back) and sends a scheduled vehicle back to 'Booking pending'. */
export async function cancelBooking(
  trx: Transaction<Database>,
  booking: { id: number; vehicleId: number },
): Promise<void> {
  await trx
    .updateTable('installationBookings')
    .set({ active: 0, slotId: null })
    .where('id', '=', booking.id)
    .execute();
  await trx
    .updateTable('vehicles')
    .set({ onboardingStatus: ONBOARDING_STATUS.bookingPending })
    .where('id', '=', booking.vehicleId)
    .where('onboardingStatus', '=', ONBOARDING_STATUS.scheduled)
    .execute();
}

/** Moves the booking to another centre or time, holding the place taken for it (null: none). */
export async function rescheduleBooking(
  trx: Transaction<Database>,
  id: number,
  to: { fitmentCenterId: number; installationUtcDateTime: string; slotId: number | null },
): Promise<void> {
  await trx.updateTable('installationBookings').set(to).where('id', '=', id).execute();
}

export function bookingItem(row: {
  id: number;
  vehicleId: number;
  fitmentCenterId: number;
  installationUtcDateTime: string;
  active: number;
  onboardingExistingClient: number;
}): InstallationBooking {
  return {
    id: row.id,
    vehicleId: row.vehicleId,
    fitmentCenterId: row.fitmentCenterId,
    installationUtcDateTime: row.installationUtcDateTime,
    active: bool(row.active),
    onboardingExistingClient: bool(row.onboardingExistingClient),
  };
}

/** What a vehicle item says of its active booking: the booking, its slot, centre and region. */
interface VehicleBookingFields {
  installationBookingId: number | null;
  installationBookingUtcDateTime: string | null;
  installationAvailabilityUtcDateStart: string | null;
  installationAvailabilityUtcDateEnd: string | null;
  installationAvailabilityUtcTimeStart: string | null;
  installationAvailabilityUtcTimeEnd: string | null;
  installationAvailabilityFitmentCenterId: number | null;
  regionId: number | null;
  regionName: string | null;
  fitmentCenterId: number | null;
  fitmentCenterName: string | null;
  fitmentCenterArea: string | null;
}

export const NO_BOOKING: VehicleBookingFields = {
  installationBookingId: null,
  installationBookingUtcDateTime: null,
  installationAvailabilityUtcDateStart: null,
  installationAvailabilityUtcDateEnd: null,
  installationAvailabilityUtcTimeStart: null,
  installationAvailabilityUtcTimeEnd: null,
  installationAvailabilityFitmentCenterId: null,
  regionId: null,
  regionName: null,
  fitmentCenterId: null,
  fitmentCenterName: null,
  fitmentCenterArea: null,
};

/** The active booking fields of these vehicles, by vehicle id (one query). */
export async function bookingFieldsOf(
  db: Db,
  vehicleIds: readonly number[],
): Promise<Map<number, VehicleBookingFields>> {
  if (vehicleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('installationBookings')
    .innerJoin('fitmentCenters', 'fitmentCenters.id', 'installationBookings.fitmentCenterId')
    .innerJoin('regions', 'regions.id', 'fitmentCenters.regionId')
    .leftJoin('fitmentCenterSlots', 'fitmentCenterSlots.id', 'installationBookings.slotId')
    .select([
      'installationBookings.id',
      'installationBookings.vehicleId',
      'installationBookings.installationUtcDateTime',
      'installationBookings.fitmentCenterId',
      'fitmentCenters.name as fitmentCenterName',
      'fitmentCenters.area as fitmentCenterArea',
      'regions.id as regionId',
      'regions.name as regionName',
      'fitmentCenterSlots.utcTimeStart',
      'fitmentCenterSlots.utcTimeEnd',
    ])
    .where('installationBookings.vehicleId', 'in', vehicleIds)
    .where('installationBookings.active', '=', 1)
    .execute();
  return new Map(
    rows.map((row) => {
      const date = row.installationUtcDateTime.slice(0, 10);
      const slotKnown = row.utcTimeStart !== null;
      return [
        row.vehicleId,
        {
          installationBookingId: row.id,
          installationBookingUtcDateTime: row.installationUtcDateTime,
          installationAvailabilityUtcDateStart: slotKnown ? date : null,
          installationAvailabilityUtcDateEnd: slotKnown ? date : null,
          installationAvailabilityUtcTimeStart: row.utcTimeStart,
          installationAvailabilityUtcTimeEnd: row.utcTimeEnd,
          installationAvailabilityFitmentCenterId: slotKnown ? row.fitmentCenterId : null,
          regionId: row.regionId,
          regionName: row.regionName,
          fitmentCenterId: row.fitmentCenterId,
          fitmentCenterName: row.fitmentCenterName,
          fitmentCenterArea: row.fitmentCenterArea,
        },
      ];
    }),
  );
}
