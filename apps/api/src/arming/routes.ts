/*
 * Arming a vehicle: staff from its card, an account holder for their own vehicles (the mobile
 * app's call, through the SDK). Arm, Disarm, and the schedule it arms itself on; each answers the
 * vehicle's ArmingStatus and is audited in the transaction that makes the change; once that commits,
 * the same status goes to the vehicle's watchers on the live hub (VehicleArmingMessage). What may
 * lower a vehicle's protection (Disarm, a schedule changed or removed) asks a staff member with a
 * second factor for it again, as Lock does; Arm never waits for it.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  armingScheduleErrors,
  ArmingScheduleSchema,
  ArmingStatusSchema,
  ref as schemaRef,
  ROLE,
} from '@sentinel/domain';
import type { ArmingStatus } from '@sentinel/domain';
import { canSeeVehicle, scopeOf } from '../access/scope';
import type { TokenSubject } from '../auth/access-tokens';
import { recordAudit } from '../audit/record-audit';
import { requireStepUp } from '../auth/step-up';
import { inTransaction } from '../db/database';
import type { Database } from '../db/schema';
import { ApiError, notFound, refused } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { IdParams } from '../routes/schemas';
import { armVehicle, disarmVehicle, findArmingVehicle, setArmingSchedule } from './arming-queries';

/** The parts of a schedule body armingScheduleErrors reads, whatever the body holds. */
function scheduleInput(body: unknown) {
  const value = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const text = (field: unknown) => (typeof field === 'string' ? field : undefined);
  const days = value['days'];
  return {
    days: Array.isArray(days) ? days.map((day) => (typeof day === 'string' ? day : '')) : undefined,
    from: text(value['from']),
    to: text(value['to']),
  };
}

const WHO =
  "Admin and Technical-Agent any vehicle, a Company-Admin the vehicles of their companies' users, an " +
  'Account-Holder their own (404 for any other, as for an unknown vehicle). Audited.';
/** What may lower a vehicle's protection asks for the second factor again, as Lock does. */
const STEP_UP =
  ' A staff member with a second factor confirms it again first (403 step-up-required) when the ' +
  "session's is older than STEP_UP_MAX_AGE_SECONDS.";

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(ArmingStatusSchema);
  // ArmingSchedule is added at the root (routes/resources.ts): every Vehicle answer refers to it.

  /** The vehicle, or 404 when it is absent or outside what the caller may arm. */
  const armableVehicle = async (id: number, user: TokenSubject) => {
    const vehicle = await findArmingVehicle(app.db, id);
    const allowed =
      vehicle !== undefined &&
      (user.role === ROLE.accountHolder
        ? vehicle.userId === user.userId
        : await canSeeVehicle(app.db, await scopeOf(app.db, user), id));
    if (!allowed) throw notFound(`Vehicle ${id} was not found.`);
    return vehicle;
  };

  /**
   * One arming change: made and audited in one transaction, then announced to the vehicle's
   * watchers once committed; answers the vehicle's arming as it now stands.
   */
  const changeArming = async (
    request: FastifyRequest,
    vehicleId: number,
    action: 'VehicleArmed' | 'VehicleDisarmed' | 'ArmingScheduleSet' | 'ArmingScheduleRemoved',
    change: (trx: Kysely<Database>) => Promise<{ status: ArmingStatus; detail: Record<string, unknown> }>,
  ): Promise<ArmingStatus> => {
    const status = await inTransaction(app.db, async (trx) => {
      const { status, detail } = await change(trx);
      await recordAudit(trx, request, { action, targetType: 'Vehicle', targetId: vehicleId, detail });
      return status;
    });
    app.vehicleEvents.emit('arming', status);
    return status;
  };

  app.put(
    '/Vehicles/:id/Arm',
    {
      schema: {
        tags: ['Vehicles'],
        summary: 'Arm the vehicle by hand, from now until it is disarmed',
        description:
          'While armed, a report further than ARMING_DRIFT_METRES from where the vehicle stood when armed ' +
          'opens ArmedMovement, its ignition on opens ArmedIgnition (both High). Already armed by hand, it ' +
          `keeps its armedSince. 400 without a linked device or with a deactivated one. ${WHO}`,
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: schemaRef(ArmingStatusSchema) },
      },
    },
    async (request) => {
      const vehicle = await armableVehicle(request.params.id, request.user!);
      if (vehicle.deviceId === null) throw new ApiError('noDevice');
      // A deactivated device's reports are refused, so an armed vehicle would raise nothing.
      if (vehicle.deviceActive === 0) {
        throw refused(
          `Device ${vehicle.serialNumber ?? ''} is deactivated; activate it before arming the vehicle.`,
        );
      }
      return changeArming(request, vehicle.id, 'VehicleArmed', async (trx) => {
        const { status, alreadyArmed } = await armVehicle(trx, {
          vehicleId: vehicle.id,
          byUserId: request.user!.userId,
        });
        return { status, detail: { armedSince: status.armedSince, alreadyArmed } };
      });
    },
  );

  app.put(
    '/Vehicles/:id/Disarm',
    {
      schema: {
        tags: ['Vehicles'],
        summary: 'Disarm the vehicle: ends the hand arming and sets the current schedule window aside',
        description:
          'Inside a window of its schedule the vehicle stays disarmed until that window ends; the ' +
          `schedule arms it again at its next window. ${WHO}${STEP_UP}`,
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: schemaRef(ArmingStatusSchema) },
      },
    },
    async (request) => {
      const vehicle = await armableVehicle(request.params.id, request.user!);
      await requireStepUp(app, request);
      return changeArming(request, vehicle.id, 'VehicleDisarmed', async (trx) => {
        const { status, wasArmed } = await disarmVehicle(trx, { vehicleId: vehicle.id });
        return { status, detail: { wasArmed } };
      });
    },
  );

  app.put(
    '/Vehicles/:id/ArmingSchedule',
    {
      schema: {
        tags: ['Vehicles'],
        summary: 'Set the hours the vehicle arms itself (Johannesburg time)',
        description:
          'From `from` to `to` on each of `days`; a window whose end is at or before its start ends the ' +
          'next morning. 400 with field errors at Days, From and To, nothing saved. A window set aside ' +
          `by a disarm stays set aside. ${WHO}${STEP_UP}`,
        security: [{ bearer: [] }],
        params: IdParams,
        body: schemaRef(ArmingScheduleSchema),
        response: { 200: schemaRef(ArmingStatusSchema) },
      },
      // The domain's words for every wrong schedule (a day that is none, a missing time), before
      // the schema's own.
      preValidation: async (request) => {
        const errors = armingScheduleErrors(scheduleInput(request.body));
        if (errors) throw new ApiError('validation', errors);
      },
    },
    async (request) => {
      const vehicle = await armableVehicle(request.params.id, request.user!);
      await requireStepUp(app, request);
      const schedule = { days: request.body.days, from: request.body.from, to: request.body.to };
      return changeArming(request, vehicle.id, 'ArmingScheduleSet', async (trx) => {
        const { status, before } = await setArmingSchedule(trx, { vehicleId: vehicle.id, schedule });
        return { status, detail: { from: before, to: schedule } };
      });
    },
  );

  app.delete(
    '/Vehicles/:id/ArmingSchedule',
    {
      schema: {
        tags: ['Vehicles'],
        summary: 'Remove the schedule: the vehicle is armed only by hand from now on',
        description: `${WHO}${STEP_UP}`,
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: schemaRef(ArmingStatusSchema) },
      },
    },
    async (request) => {
      const vehicle = await armableVehicle(request.params.id, request.user!);
      await requireStepUp(app, request);
      return changeArming(request, vehicle.id, 'ArmingScheduleRemoved', async (trx) => {
        const { status, before } = await setArmingSchedule(trx, { vehicleId: vehicle.id, schedule: null });
        return { status, detail: { from: before } };
      });
    },
  );
};

/** Arming: signed-in callers of every role, each within what they may arm. */
export const armingRoutes = routePlugin('arming', routes);
