import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateDriverRequestSchema,
  CreateVehicleRequestSchema,
  DeviceSchema,
  DriverSchema,
  LinkDeviceFreeRequestSchema,
  NewVehicleSchema,
  ONBOARDING_MESSAGES,
  ref,
  validateDriver,
  validateVehicleDetails,
} from '@sentinel/domain';
import { canSeeUser, scopeOf, userInScope } from '../access/scope';
import { deviceItem, findDeviceBySerialNumber } from '../devices/device-queries';
import { ApiError, notFound, ProblemDetailsRef, refused, throwIfInvalid } from '../errors';
import { IdParams } from '../routes/schemas';
import { DeviceNotFreeError } from '../vehicles/vehicle-store';
import { routePlugin } from '../plugins/route-plugin';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/database';
import { findVehicleType } from '../vehicle-types/vehicle-type-queries';
import { VEHICLE_OWNER, vehicleExists } from '../vehicles/vehicle-queries';
import {
  completeInstallation,
  insertDriver,
  insertOnboardingVehicle,
  isAccountHolder,
} from './onboarding-queries';

const WriteAnswers = {
  400: ProblemDetailsRef,
  401: ProblemDetailsRef,
  403: ProblemDetailsRef,
  404: ProblemDetailsRef,
};

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(NewVehicleSchema);

  app.post(
    '/Vehicles',
    {
      schema: {
        tags: ['Onboarding'],
        summary: "Add a vehicle to an account holder; it waits for its driver ('Outstanding-Details')",
        security: [{ bearer: [] }],
        body: CreateVehicleRequestSchema,
        response: { 200: ref(NewVehicleSchema), ...WriteAnswers },
      },
    },
    async (request) => {
      const body = request.body;
      const scope = await scopeOf(app.db, request.user!);
      // Another company's client is absent to a Company-Admin, as everywhere else.
      if (!(await canSeeUser(app.db, scope, body.userId)) || !(await isAccountHolder(app.db, body.userId))) {
        throw notFound(`Account holder ${body.userId} was not found.`);
      }
      throwIfInvalid(validateVehicleDetails(body));
      const type = await findVehicleType(app.db, body.vehicleTypeId);
      if (!type) throw new ApiError('validation', { Vehicle: [ONBOARDING_MESSAGES.vehicleNotListed] });
      const id = await insertOnboardingVehicle(app.db, {
        userId: body.userId,
        type,
        registrationNumber: body.registrationNumber,
        registrationYear: body.registrationYear,
        colour: body.colour,
        vinNumber: body.vinNumber ?? null,
        engineNumber: body.engineNumber ?? null,
      });
      app.vehicleEvents.emit('onboarding', { vehicleId: id });
      return { id };
    },
  );

  app.post(
    '/Drivers',
    {
      schema: {
        tags: ['Onboarding'],
        summary: "Add a vehicle's driver; a vehicle with outstanding details then awaits its booking",
        security: [{ bearer: [] }],
        body: CreateDriverRequestSchema,
        response: { 200: ref(DriverSchema), ...WriteAnswers },
      },
    },
    async (request) => {
      const body = request.body;
      const scope = userInScope(await scopeOf(app.db, request.user!), VEHICLE_OWNER);
      if (!(await vehicleExists(app.db, body.vehicleId, scope))) {
        throw notFound(`Vehicle ${body.vehicleId} was not found.`);
      }
      const isSouthAfrican = body.IdNumberIsSouthAfrican ?? true;
      throwIfInvalid(validateDriver({ ...body, IdNumberIsSouthAfrican: isSouthAfrican }));
      const { driver, statusChanged } = await insertDriver(app.db, {
        vehicleId: body.vehicleId,
        firstName: body.FirstName,
        lastName: body.LastName,
        email: body.Email,
        phoneCode: body.PhoneCode ?? '27',
        phoneNumber: body.PhoneNumber,
        idNumber: body.IdNumber,
        idNumberIsSouthAfrican: isSouthAfrican,
      });
      if (statusChanged) app.vehicleEvents.emit('onboarding', { vehicleId: body.vehicleId });
      return driver;
    },
  );

  app.post(
    '/Vehicles/:id/LinkDeviceFree',
    {
      schema: {
        tags: ['Onboarding'],
        summary: 'Link a free device to the vehicle: its installation is complete and it leaves onboarding',
        security: [{ bearer: [] }],
        params: IdParams,
        body: LinkDeviceFreeRequestSchema,
        response: { 200: ref(DeviceSchema), ...WriteAnswers },
      },
    },
    async (request) => {
      const { id } = request.params;
      const scope = userInScope(await scopeOf(app.db, request.user!), VEHICLE_OWNER);
      if (!(await vehicleExists(app.db, id, scope))) throw notFound(`Vehicle ${id} was not found.`);
      const serial = request.body.deviceSerialNumber.trim();
      const device = await findDeviceBySerialNumber(app.db, serial);
      if (!device) throw refused(`Device ${serial} was not found`);
      if (device.vehicleId === id)
        throw refused(`Device ${device.serialNumber} is already linked to this vehicle`);
      if (device.vehicleId !== null)
        throw refused(`Device ${device.serialNumber} is already linked to another vehicle`);
      try {
        // The installation and its audit entry commit together.
        await inTransaction(app.db, async (trx) => {
          await completeInstallation(trx, {
            vehicleId: id,
            deviceId: device.id,
            nickname: request.body.vehicleNickname ?? null,
          });
          await recordAudit(trx, request, {
            action: 'DeviceLinked',
            targetType: 'Vehicle',
            targetId: id,
            detail: { serialNumber: device.serialNumber },
          });
        });
      } catch (error) {
        // Linked elsewhere between the check and the write.
        if (error instanceof DeviceNotFreeError) {
          throw refused(`Device ${device.serialNumber} is already linked to another vehicle`);
        }
        throw error;
      }
      app.vehicleEvents.emit('onboarding', { vehicleId: id });
      return deviceItem({ ...device, vehicleId: id });
    },
  );
};

/** The onboarding steps' writes: a client's new vehicle and its driver. */
export const onboardingRoutes = routePlugin('onboarding', routes, { decorators: ['db', 'vehicleEvents'] });
