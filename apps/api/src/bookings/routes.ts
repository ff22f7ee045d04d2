import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Transaction } from 'kysely';
import {
  AvailabilityListSchema,
  AvailabilityQuerySchema,
  AvailabilitySlotSchema,
  CreateInstallationBookingRequestSchema,
  FitmentCenterListSchema,
  FitmentCenterSchema,
  formatHistoryDate,
  InstallationBookingSchema,
  ref,
  RegionListSchema,
  RegionSchema,
  slotFullMessage,
  UpdateInstallationBookingRequestSchema,
  validateBookingTime,
} from '@sentinel/domain';
import { scopeOf, userInScope } from '../access/scope';
import type { Database } from '../db/schema';
import { ApiError, notFound, ProblemDetailsRef, refused, throwIfInvalid } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { IdParams } from '../routes/schemas';
import { VEHICLE_OWNER, vehicleExists } from '../vehicles/vehicle-queries';
import {
  activeBookingOf,
  bookingItem,
  cancelBooking,
  centreAvailability,
  findBooking,
  findFitmentCenter,
  findSlotAt,
  insertBooking,
  listFitmentCenters,
  listRegions,
  lockVehicle,
  releasePlace,
  rescheduleBooking,
  takePlace,
} from './booking-queries';

const Answers = {
  400: ProblemDetailsRef,
  401: ProblemDetailsRef,
  403: ProblemDetailsRef,
  404: ProblemDetailsRef,
};

const NOT_A_SLOT = "Please choose one of the centre's installation times";
const CENTRE_CLOSED = 'Please choose an active fitment centre';

const fieldError = (field: string, message: string) => new ApiError('validation', { [field]: [message] });

/**
 * Takes a place in the centre's slot at `at`, or none for an existing installation (done already,
 * it holds no place). A full slot is a field error naming its time (South African time).
 */
async function placeFor(
  trx: Transaction<Database>,
  fitmentCenterId: number,
  installationUtcDateTime: string,
  existing: boolean,
): Promise<number | null> {
  if (existing) return null;
  const at = new Date(installationUtcDateTime);
  const slot = await findSlotAt(trx, fitmentCenterId, at);
  if (!slot) throw fieldError('InstallationUtcDateTime', NOT_A_SLOT);
  const utcDate = at.toISOString().slice(0, 10);
  if (!(await takePlace(trx, slot.id, utcDate, slot.capacity))) {
    throw fieldError('InstallationUtcDateTime', slotFullMessage(formatHistoryDate(at.toISOString())));
  }
  return slot.id;
}

async function releaseHeld(
  trx: Transaction<Database>,
  booking: { slotId: number | null; installationUtcDateTime: string },
) {
  if (booking.slotId !== null)
    await releasePlace(trx, booking.slotId, booking.installationUtcDateTime.slice(0, 10));
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(RegionSchema);
  app.addSchema(FitmentCenterSchema);
  app.addSchema(AvailabilitySlotSchema);
  app.addSchema(InstallationBookingSchema);

  /** 404 unless the vehicle exists and the caller may see it. */
  const requireVehicle = async (user: Parameters<typeof scopeOf>[1], vehicleId: number) => {
    const scope = userInScope(await scopeOf(app.db, user), VEHICLE_OWNER);
    if (!(await vehicleExists(app.db, vehicleId, scope)))
      throw notFound(`Vehicle ${vehicleId} was not found.`);
  };

  /** A field error unless the centre exists and is active. */
  const requireActiveCentre = async (fitmentCenterId: number) => {
    const centre = await findFitmentCenter(app.db, fitmentCenterId);
    if (!centre || centre.active !== 1) throw fieldError('FitmentCenterId', CENTRE_CLOSED);
  };

  app.get(
    '/Regions',
    {
      schema: {
        tags: ['Installations'],
        summary: 'Every region of fitment centres (the screen uses the active ones)',
        security: [{ bearer: [] }],
        response: { 200: RegionListSchema, ...Answers },
      },
    },
    async () => ({ items: await listRegions(app.db) }),
  );

  app.get(
    '/FitmentCenters',
    {
      schema: {
        tags: ['Installations'],
        summary: 'Every fitment centre with its region (the screen uses the active ones)',
        security: [{ bearer: [] }],
        response: { 200: FitmentCenterListSchema, ...Answers },
      },
    },
    async () => ({ items: await listFitmentCenters(app.db) }),
  );

  app.get(
    '/FitmentCenters/:id/Availability',
    {
      schema: {
        tags: ['Installations'],
        summary: "A centre's dated installation slots and the places each has left",
        security: [{ bearer: [] }],
        params: IdParams,
        querystring: AvailabilityQuerySchema,
        response: { 200: AvailabilityListSchema, ...Answers },
      },
    },
    async (request) => {
      const centre = await findFitmentCenter(app.db, request.params.id);
      if (!centre) throw notFound(`Fitment centre ${request.params.id} was not found.`);
      const from = request.query.from ?? new Date().toISOString().slice(0, 10);
      return { items: await centreAvailability(app.db, centre.id, from, request.query.days ?? 14) };
    },
  );

  app.post(
    '/InstallationBookings',
    {
      schema: {
        tags: ['Installations'],
        summary: "Book the vehicle's installation at a centre's slot; the vehicle is then Scheduled",
        description:
          'A full slot is refused with errors.InstallationUtcDateTime naming its time. A booking in the past is ' +
          'refused unless onboardingExistingClient (an installation already done), which holds no place.',
        security: [{ bearer: [] }],
        body: CreateInstallationBookingRequestSchema,
        response: { 200: ref(InstallationBookingSchema), ...Answers },
      },
    },
    async (request) => {
      const body = request.body;
      const existing = body.onboardingExistingClient ?? false;
      await requireVehicle(request.user!, body.vehicleId);
      throwIfInvalid(
        validateBookingTime({
          installationUtcDateTime: body.installationUtcDateTime,
          onboardingExistingClient: existing,
        }),
      );
      await requireActiveCentre(body.fitmentCenterId);
      const at = new Date(body.installationUtcDateTime).toISOString();
      const id = await app.db.transaction().execute(async (trx) => {
        const vehicle = await lockVehicle(trx, body.vehicleId);
        if (!vehicle) throw notFound(`Vehicle ${body.vehicleId} was not found.`);
        if (vehicle.onboardingStatus === null) throw refused('This vehicle is already installed');
        if (await activeBookingOf(trx, body.vehicleId)) {
          throw refused('This vehicle already has an installation booking; reschedule it instead');
        }
        const slotId = await placeFor(trx, body.fitmentCenterId, at, existing);
        return insertBooking(trx, {
          vehicleId: body.vehicleId,
          fitmentCenterId: body.fitmentCenterId,
          slotId,
          installationUtcDateTime: at,
          onboardingExistingClient: existing,
        });
      });
      app.vehicleEvents.emit('onboarding', { vehicleId: body.vehicleId });
      return bookingItem((await findBooking(app.db, id))!);
    },
  );

  app.put(
    '/InstallationBookings/:id',
    {
      schema: {
        tags: ['Installations'],
        summary: 'Reschedule a booking (another centre or time), or cancel it with active false',
        security: [{ bearer: [] }],
        params: IdParams,
        body: UpdateInstallationBookingRequestSchema,
        response: { 200: ref(InstallationBookingSchema), ...Answers },
      },
    },
    async (request) => {
      const booking = await findBooking(app.db, request.params.id);
      if (!booking) throw notFound(`Installation booking ${request.params.id} was not found.`);
      await requireVehicle(request.user!, booking.vehicleId);
      const body = request.body;
      const existing = booking.onboardingExistingClient === 1;
      if (body.active) {
        throwIfInvalid(
          validateBookingTime({
            installationUtcDateTime: body.installationUtcDateTime,
            onboardingExistingClient: existing,
          }),
        );
        await requireActiveCentre(body.fitmentCenterId);
      }
      await app.db.transaction().execute(async (trx) => {
        await lockVehicle(trx, booking.vehicleId);
        const current = (await findBooking(trx, booking.id))!;
        if (current.active !== 1) throw refused('This installation booking was cancelled');
        await releaseHeld(trx, current);
        if (!body.active) {
          await cancelBooking(trx, booking);
          return;
        }
        const at = new Date(body.installationUtcDateTime).toISOString();
        const slotId = await placeFor(trx, body.fitmentCenterId, at, existing);
        await rescheduleBooking(trx, booking.id, {
          fitmentCenterId: body.fitmentCenterId,
          installationUtcDateTime: at,
          slotId,
        });
      });
      // A cancelled booking sends a scheduled vehicle back to 'Booking pending'.
      if (!body.active) app.vehicleEvents.emit('onboarding', { vehicleId: booking.vehicleId });
      return bookingItem((await findBooking(app.db, booking.id))!);
    },
  );
};

/** Regions, fitment centres, their slots and installation bookings. */
export const bookingsRoutes = routePlugin('bookings', routes, { decorators: ['db', 'vehicleEvents'] });
