import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChangeLinkedDeviceRequestSchema,
  DeviceSchema,
  LockResultSchema,
  PartnerAlertResultSchema,
  ref as schemaRef,
  DEVICE_CHANGE_ROLES,
  required,
  VehiclePageSchema,
  VehicleSchema,
} from '@sentinel/domain';
import { canSeeVehicle, scopeOf, userInScope } from '../access/scope';
import type { TokenSubject } from '../auth/access-tokens';
import { deviceItem, findDeviceBySerialNumber } from '../devices/device-queries';
import { ApiError, notFound, ProblemDetailsRef, refused } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import type { Partner } from '../providers/partner-alerts';
import { IdParams, ListAnswers, ListQuerystring } from '../routes/schemas';
import { findUserName } from '../users/user-queries';
import { changeLinkedDevice, findVehicleWithDevice, listVehicles, VEHICLE_OWNER } from './vehicle-queries';
import { DeviceNotFreeError, recordLockChange, recordPartnerAlert } from './vehicle-store';

const ActionAnswers = {
  400: ProblemDetailsRef,
  401: ProblemDetailsRef,
  403: ProblemDetailsRef,
  404: ProblemDetailsRef,
};

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(VehicleSchema);
  app.addSchema(LockResultSchema);
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
      return listVehicles(app.db, request.query, scope);
    },
  );

  for (const [path, locked] of [
    ['Lock', true],
    ['Unlock', false],
  ] as const) {
    // Every staff role, a Company-Admin inside their companies: the spec gates locking on being signed in.
    app.put(
      `/Vehicles/:id/${path}`,
      {
        schema: {
          tags: ['Vehicles'],
          summary: `${path} the vehicle through its device; history records who did it`,
          security: [{ bearer: [] }],
          params: IdParams,
          response: {
            200: schemaRef(LockResultSchema),
            ...ActionAnswers,
          },
        },
      },
      async (request) => {
        const vehicle = await vehicleWithDevice(request.params.id, request.user!);
        if (vehicle.deviceId === null) throw new ApiError('noDevice');
        await recordLockChange(
          app.db,
          { vehicleId: vehicle.id, locked, byUserId: request.user!.userId, byAdmin: true },
          app.vehicleEvents,
        );
        return { vehicleId: vehicle.id, isLocked: locked };
      },
    );
  }

  for (const [path, partner, kind] of [
    ['AlertAura', 'Aura', 'aura'],
    ['AlertCapitalAir', 'Capital Air', 'capitalAir'],
  ] as const satisfies ReadonlyArray<readonly [string, Partner, 'aura' | 'capitalAir']>) {
    app.post(
      `/Vehicles/:id/${path}`,
      {
        schema: {
          tags: ['Vehicles'],
          summary: `Alert ${partner} to the vehicle; history records the status and who raised it`,
          security: [{ bearer: [] }],
          params: IdParams,
          response: { 200: schemaRef(PartnerAlertResultSchema), ...ActionAnswers },
        },
      },
      async (request) => {
        const vehicle = await vehicleWithDevice(request.params.id, request.user!);
        if (vehicle.deviceId === null) throw new ApiError('noDevice');
        const staff = await findUserName(app.db, request.user!.userId);
        const { status } = await app.partnerAlerts.dispatch({
          partner,
          vehicleId: vehicle.id,
          registrationNumber: vehicle.registrationNumber,
          latitudeDegrees: vehicle.lastKnownGpsLatitudeDegrees,
          longitudeDegrees: vehicle.lastKnownGpsLongitudeDegrees,
          raisedBy: staff,
        });
        await recordPartnerAlert(app.db, {
          vehicleId: vehicle.id,
          kind,
          status,
          byUserId: request.user!.userId,
        });
        return { status };
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

      await changeLinkedDevice(app.db, {
        vehicleId: vehicle.id,
        deviceId: device.id,
        nickname: request.body.vehicleNickname?.trim(),
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
  dependencies: ['sentinel-vehicle-events', 'sentinel-providers'],
  decorators: ['db', 'vehicleEvents', 'partnerAlerts'],
});
