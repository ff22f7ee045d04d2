import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  DEFAULT_PAGE_SIZE,
  DeviceCommandPageSchema,
  DeviceCommandSchema,
  ListQuerySchema,
  ChangeLinkedDeviceRequestSchema,
  DeviceSchema,
  LockRequestSchema,
  LockResultSchema,
  PartnerAlertResultSchema,
  SEND_NOW_BY_REQUESTER_MESSAGE,
  validateLockRequest,
  ref as schemaRef,
  DEVICE_CHANGE_ROLES,
  required,
  VehiclePageSchema,
  VehicleSchema,
  isLockReason,
} from '@sentinel/domain';
import type { LockReason } from '@sentinel/domain';
import { canSeeVehicle, scopeOf, userInScope } from '../access/scope';
import type { TokenSubject } from '../auth/access-tokens';
import { requireStepUp } from '../auth/step-up';
import { deviceItem, findDeviceBySerialNumber } from '../devices/device-queries';
import { ApiError, notFound, ProblemDetailsRef, refused } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { recordAudit } from '../audit/record-audit';
import { recordOwnerVehiclesRead } from '../privacy/record-view';
import { inTransaction } from '../db/database';
import type { Partner } from '../providers/partner-alerts';
import { IdParams, ListAnswers, ListQuerystring } from '../routes/schemas';
import { changeLinkedDevice, findVehicleWithDevice, listVehicles, VEHICLE_OWNER } from './vehicle-queries';
import { DeviceNotFreeError } from './vehicle-store';
import { alertPartner, partnerRefused } from './partner-alert';

const ActionAnswers = {
  400: ProblemDetailsRef,
  401: ProblemDetailsRef,
  403: ProblemDetailsRef,
  404: ProblemDetailsRef,
};

const CommandParams = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  commandId: Type.Integer({ minimum: 1 }),
});
/** The reason of a lock request validateLockRequest passed. */
function validLockReason(reason: string | undefined): LockReason {
  const trimmed = reason?.trim();
  if (!isLockReason(trimmed)) throw new ApiError('validation', { Reason: ['This field is required'] });
  return trimmed;
}

const CommandPageQuery = Type.Pick(ListQuerySchema, ['$pagesize', '$pageindex']);

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(VehicleSchema);
  app.addSchema(DeviceCommandSchema);
  app.addSchema(LockResultSchema);
  app.addSchema(LockRequestSchema);
  app.addSchema(PartnerAlertResultSchema);

  /** The vehicle with its device, or 404 when it is absent or outside the caller's companies. */
  const vehicleWithDevice = async (id: number, user: TokenSubject) => {
    const vehicle = await findVehicleWithDevice(app.db, id);
    if (!vehicle || !(await canSeeVehicle(app.db, await scopeOf(app.db, user), id))) {
      throw notFound(`Vehicle ${id} was not found.`);
    }
    return vehicle;
  };

  app.get(
    '/Vehicles',
    {
      schema: {
        tags: ['Vehicles'],
        summary: 'List vehicles, with the OData subset ($filter, $orderby, $pagesize, $pageindex)',
        description:
          'Filter fields: id, userId, deviceActive, deviceId, onBoardingStatus, registrationNumber, make, model, ' +
          'nickname, tamperActive, createdOnDateTime, userFirstName, userLastName. Default order: createdOnDateTime desc. ' +
          "A Company-Admin sees only the vehicles of their companies' users.",
        security: [{ bearer: [] }],
        querystring: ListQuerystring,
        response: ListAnswers(VehiclePageSchema),
      },
    },
    async (request) => {
      const scope = userInScope(await scopeOf(app.db, request.user!), VEHICLE_OWNER);
      const page = await listVehicles(app.db, request.query, scope);
      await recordOwnerVehiclesRead(app.db, request, request.query.$filter, page.items);
      return page;
    },
  );

  for (const [path, type] of [
    ['Lock', 'Lock'],
    ['Unlock', 'Unlock'],
  ] as const) {
    // Every staff role, a Company-Admin inside their companies: the spec gates locking on being signed in.
    app.put(
      `/Vehicles/:id/${path}`,
      {
        schema: {
          tags: ['Vehicles'],
          summary: `${path} the vehicle: a command its device fetches and confirms`,
          description:
            'Answers 202 with the command (Pending; queued while the device is offline). The lock state ' +
            'changes, and the LockState history entry naming the requester is written, only when the ' +
            'device reports the outcome. A newer Lock or Unlock replaces a command that still waits. ' +
            'Asks for the second factor again when the last one is older than STEP_UP_MAX_AGE_SECONDS.' +
            (type === 'Lock'
              ? ' A lock carries a reason (and a note with Other). While the vehicle moves faster than ' +
                'LOCK_MAX_SPEED_KMH by its last two fixes, the lock is held as WaitingForSlowdown and ' +
                'sent with the first report at or under the limit (or at once: SendNow).'
              : ''),
          security: [{ bearer: [] }],
          params: IdParams,
          ...(type === 'Lock' ? { body: schemaRef(LockRequestSchema) } : {}),
          response: {
            202: schemaRef(LockResultSchema),
            ...ActionAnswers,
          },
        },
        // No body reads as an empty one, so a missing reason is answered at its field.
        preValidation: async (request) => {
          request.body ??= {};
        },
      },
      async (request, reply) => {
        const body = (request.body ?? {}) as { reason?: string; note?: string };
        const errors = type === 'Lock' ? validateLockRequest(body) : undefined;
        if (errors) throw new ApiError('validation', errors);
        await requireStepUp(app, request);
        const vehicle = await vehicleWithDevice(request.params.id, request.user!);
        if (vehicle.deviceId === null) throw new ApiError('noDevice');
        const note = body.note?.trim() || undefined;
        const lockReason = type === 'Lock' ? validLockReason(body.reason) : undefined;
        const command = await app.commands.request({
          vehicleId: vehicle.id,
          deviceId: vehicle.deviceId,
          type,
          requestedByUserId: request.user!.userId,
          lockReason,
          lockNote: lockReason === undefined ? undefined : note,
        });
        // The command outlives the request: its delivery and acknowledgement log the same commandId.
        request.log.info({ commandId: command.id, commandType: type }, 'command issued');
        await recordAudit(app.db, request, {
          action: type === 'Lock' ? 'VehicleLocked' : 'VehicleUnlocked',
          targetType: 'Vehicle',
          targetId: vehicle.id,
          detail: {
            commandId: command.id,
            status: command.status,
            deviceOnline: command.deviceOnline,
            ...(command.lockReason === null ? {} : { reason: command.lockReason, note: command.lockNote }),
          },
        });
        return reply.code(202).send({ vehicleId: vehicle.id, isLocked: vehicle.isLocked, command });
      },
    );
  }

  app.post(
    '/Vehicles/:id/Commands/:commandId/SendNow',
    {
      schema: {
        tags: ['Vehicles'],
        summary: "Send a lock held for a moving vehicle at once, on a second staff member's word",
        description:
          'Only a lock that waits for the vehicle to slow down (WaitingForSlowdown), and only by a staff ' +
          'member other than the one who asked for it (409 for the requester). Audited as ' +
          'LockSentNowApproved; asks for the second factor again as Lock does.',
        security: [{ bearer: [] }],
        params: CommandParams,
        response: { 200: schemaRef(DeviceCommandSchema), ...ActionAnswers, 409: ProblemDetailsRef },
      },
    },
    async (request) => {
      const vehicle = await vehicleWithDevice(request.params.id, request.user!);
      await requireStepUp(app, request);
      const result = await app.commands.sendNow(vehicle.id, request.params.commandId, request.user!.userId);
      if (!result) throw notFound(`Vehicle ${vehicle.id} has no command ${request.params.commandId}.`);
      if (result.outcome === 'requester') {
        throw new ApiError('conflict', undefined, SEND_NOW_BY_REQUESTER_MESSAGE);
      }
      if (result.outcome === 'notHeld') {
        throw new ApiError(
          'conflict',
          undefined,
          `The ${result.command.type.toLowerCase()} is ${result.command.status.toLowerCase()} and no longer waits.`,
        );
      }
      await recordAudit(app.db, request, {
        // A product action of safe immobilisation, listed with the contract's audit actions.
        action: 'LockSentNowApproved',
        targetType: 'Vehicle',
        targetId: vehicle.id,
        detail: { commandId: result.command.id, requestedByUserId: result.command.requestedByUserId },
      });
      return result.command;
    },
  );

  app.get(
    '/Vehicles/:id/Commands',
    {
      schema: {
        tags: ['Vehicles'],
        summary: "The vehicle's lock and unlock commands, newest first, with their status",
        security: [{ bearer: [] }],
        params: IdParams,
        querystring: CommandPageQuery,
        response: { 200: DeviceCommandPageSchema, ...ActionAnswers },
      },
    },
    async (request) => {
      const vehicle = await vehicleWithDevice(request.params.id, request.user!);
      const pageIndex = request.query.$pageindex ?? 0;
      const pageSize = request.query.$pagesize ?? DEFAULT_PAGE_SIZE;
      const { items, totalCount } = await app.commands.list(vehicle.id, { pageIndex, pageSize });
      return { items, totalCount, pageIndex, pageSize };
    },
  );

  app.post(
    '/Vehicles/:id/Commands/:commandId/Cancel',
    {
      schema: {
        tags: ['Vehicles'],
        summary: 'Cancel a lock or unlock that still waits for the device',
        description: 'Only a Pending command can be cancelled; one the device already has answers 409.',
        security: [{ bearer: [] }],
        params: CommandParams,
        response: { 200: schemaRef(DeviceCommandSchema), ...ActionAnswers, 409: ProblemDetailsRef },
      },
    },
    async (request) => {
      const vehicle = await vehicleWithDevice(request.params.id, request.user!);
      const result = await app.commands.cancel(vehicle.id, request.params.commandId, request.user!.userId);
      if (!result) throw notFound(`Vehicle ${vehicle.id} has no command ${request.params.commandId}.`);
      if (!result.cancelled) {
        throw new ApiError(
          'conflict',
          undefined,
          `The ${result.command.type.toLowerCase()} is ${result.command.status.toLowerCase()} and can no longer be cancelled.`,
        );
      }
      await recordAudit(app.db, request, {
        action: result.command.type === 'Lock' ? 'VehicleLocked' : 'VehicleUnlocked',
        targetType: 'Vehicle',
        targetId: vehicle.id,
        detail: { commandId: result.command.id, status: 'Cancelled' },
      });
      return result.command;
    },
  );

  for (const [path, partner] of [
    ['AlertAura', 'Aura'],
    ['AlertCapitalAir', 'Capital Air'],
  ] as const satisfies ReadonlyArray<readonly [string, Partner]>) {
    app.post(
      `/Vehicles/:id/${path}`,
      {
        schema: {
          tags: ['Vehicles'],
          summary: `Alert ${partner} to the vehicle; history records the status and who raised it`,
          security: [{ bearer: [] }],
          params: IdParams,
          description:
            "Sent to the partner's webhook when one is configured (signed, with retries), else recorded in " +
            'the outbox. 200 only when the partner accepted it; 502 with the reason otherwise. An accepted ' +
            "alert escalates the vehicle's active alarms; a refused one is noted on their timelines.",
          response: { 200: schemaRef(PartnerAlertResultSchema), ...ActionAnswers, 502: ProblemDetailsRef },
        },
      },
      async (request) => {
        const vehicle = await vehicleWithDevice(request.params.id, request.user!);
        if (vehicle.deviceId === null) throw new ApiError('noDevice');
        const outcome = await alertPartner(
          { db: app.db, events: app.vehicleEvents, partnerAlerts: app.partnerAlerts },
          request,
          vehicle,
          partner,
        );
        if (!outcome.accepted) throw partnerRefused(partner, outcome);
        return { status: outcome.status };
      },
    );
  }

  app.post(
    '/Vehicles/:id/ChangeLinkedDevice',
    {
      config: { roles: DEVICE_CHANGE_ROLES },
      schema: {
        tags: ['Vehicles'],
        summary:
          'Link the vehicle to another (free) device; the old one is freed. Serials match case-insensitively',
        security: [{ bearer: [] }],
        params: IdParams,
        body: ChangeLinkedDeviceRequestSchema,
        response: { 200: schemaRef(DeviceSchema), ...ActionAnswers },
      },
    },
    async (request) => {
      await requireStepUp(app, request);
      const vehicle = await vehicleWithDevice(request.params.id, request.user!);
      const wanted = request.body.newDeviceSerialNumber.trim();
      const missing = required(wanted);
      if (missing) throw new ApiError('validation', { NewDeviceSerialNumber: [missing] });
      const current = request.body.currentDeviceSerialNumber?.trim() ?? '';
      const same = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();
      if (current !== '' && !same(vehicle.deviceSerialNumber, current)) {
        throw refused(`Device ${current} is not the device linked to this vehicle`);
      }
      if (same(vehicle.deviceSerialNumber, wanted)) {
        throw refused(`Device ${wanted} is already linked to this vehicle`);
      }
      const device = await findDeviceBySerialNumber(app.db, wanted);
      if (!device) throw refused(`Device ${wanted} was not found`);
      if (device.vehicleId !== null)
        throw refused(`Device ${device.serialNumber} is already linked to another vehicle`);

      // The change and its audit entry commit together.
      await inTransaction(app.db, async (trx) => {
        await changeLinkedDevice(trx, {
          vehicleId: vehicle.id,
          deviceId: device.id,
          nickname: request.body.vehicleNickname?.trim(),
        });
        await recordAudit(trx, request, {
          action: 'DeviceChanged',
          targetType: 'Vehicle',
          targetId: vehicle.id,
          detail: { from: vehicle.deviceSerialNumber, to: device.serialNumber },
        });
      })
        // Another request linked it after the check above.
        .catch((error: unknown) => {
          if (error instanceof DeviceNotFreeError) {
            throw refused(`Device ${device.serialNumber} is already linked to another vehicle`);
          }
          throw error;
        });
      return deviceItem({ ...device, vehicleId: vehicle.id });
    },
  );
};

/** Vehicles: listed by staff (scoped); locked, unlocked, alerted and re-linked by managers. */
export const vehiclesRoutes = routePlugin('vehicles', routes, {
  dependencies: ['sentinel-vehicle-events', 'sentinel-providers', 'sentinel-commands'],
  decorators: ['db', 'vehicleEvents', 'partnerAlerts', 'commands'],
});
