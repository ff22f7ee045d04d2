/*
 * POST /My/Panic: the customer presses panic in the mobile app. A Panic alarm (High, the shortest
 * response target) opens on their vehicle in one transaction with its timeline line (the phone's
 * position) and its audit entry, so it reaches the control room's queue, and the holder's
 * notifications, exactly as a tamper report's alarm does. Pressing again while it is open joins it.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  PANIC_MESSAGES,
  PanicAnswerSchema,
  PanicRequestSchema,
  panicPositionErrors,
  panicText,
  ref as schemaRef,
  ROLE,
} from '@sentinel/domain';
import type { PanicAnswer } from '@sentinel/domain';
import { openOrJoinAlarm } from '../alarms/alarm-queries';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/database';
import { ApiError, ProblemDetailsRef } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { heldEvents } from '../vehicles/vehicle-events';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(PanicAnswerSchema);

  app.post(
    '/My/Panic',
    {
      config: { roles: [ROLE.accountHolder] },
      schema: {
        tags: ['My account'],
        summary: "Raise a panic alarm on the signed-in customer's vehicle (the mobile app's panic button)",
        description:
          "Account-Holder only. Opens a Panic alarm (High) on `vehicleId`, one of the caller's vehicles " +
          '(404 for any other), or on their one vehicle when it is left out (400 at VehicleId when they ' +
          "have several or none). The phone's position, when sent, goes into the alarm's timeline. A Panic " +
          'alarm of the vehicle already open is joined (opened: false). Audited.',
        security: [{ bearer: [] }],
        body: PanicRequestSchema,
        response: {
          201: schemaRef(PanicAnswerSchema),
          400: ProblemDetailsRef,
          404: ProblemDetailsRef,
        },
      },
      preValidation: async (request) => {
        const body = (request.body ?? {}) as Record<string, unknown>;
        const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
        const errors = panicPositionErrors({
          latitude: number(body['latitude']),
          longitude: number(body['longitude']),
        });
        if (errors) throw new ApiError('validation', errors);
      },
    },
    async (request, reply) => {
      const userId = request.user!.userId;
      const { vehicleId } = request.body;
      const vehicles = await app.db
        .selectFrom('vehicles')
        .select(['id', 'registrationNumber'])
        .where('userId', '=', userId)
        .$if(vehicleId !== undefined, (query) => query.where('id', '=', vehicleId!))
        .orderBy('id')
        .limit(2)
        .execute();
      if (vehicleId !== undefined && vehicles.length === 0) {
        throw new ApiError('notFound', undefined, `Vehicle ${vehicleId} was not found.`);
      }
      if (vehicles.length !== 1) {
        const message = vehicles.length === 0 ? PANIC_MESSAGES.noVehicle : PANIC_MESSAGES.chooseVehicle;
        throw new ApiError('validation', { VehicleId: [message] });
      }
      const vehicle = vehicles[0]!;
      const at = new Date();
      const held = heldEvents();
      const answer = await inTransaction(app.db, async (trx): Promise<PanicAnswer> => {
        const open = await trx
          .selectFrom('alarms')
          .select('id')
          .where('vehicleId', '=', vehicle.id)
          .where('kind', '=', 'Panic')
          .where('state', '<>', 'Resolved')
          .executeTakeFirst();
        const alarmId = await openOrJoinAlarm(
          trx,
          { vehicleId: vehicle.id, kind: 'Panic', text: panicText(request.body), at },
          app.alarmSettings.acknowledgeWithinSeconds.Panic,
        );
        await recordAudit(trx, request, {
          action: 'PanicRaised',
          targetType: 'Vehicle',
          targetId: vehicle.id,
          detail: { alarmId },
        });
        held.bus.emit('alarm', { vehicleId: vehicle.id, alarmId });
        return {
          alarmId,
          vehicleId: vehicle.id,
          registrationNumber: vehicle.registrationNumber,
          opened: open === undefined,
        };
      });
      held.release(app.vehicleEvents);
      return reply.code(201).send(answer);
    },
  );
};

export const panicRoutes = routePlugin('panic', routes, {
  dependencies: ['sentinel-alarms', 'sentinel-vehicle-events'],
  decorators: ['db', 'alarmSettings', 'vehicleEvents'],
});
