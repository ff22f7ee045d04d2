import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChangeLinkedDeviceRequestSchema,
  DeviceSchema,
  LockResultSchema,
  PartnerAlertResultSchema,
  ref as schemaRef,
  MANAGER_ROLES,
  required,
  VehiclePageSchema,
  VehicleSchema,
} from '@sentinel/domain';
import type { Vehicle, VehicleListField } from '@sentinel/domain';
import { scopeOf, userInScope } from '../access/scope';
import type { Database } from '../db/schema';
import { ApiError, notFound, ProblemDetailsRef, refused } from '../errors';
import { compileListQuery } from '../odata/compile';
import type { FieldMap } from '../odata/compile';
import { runPagedList } from '../odata/paged-list';
import type { Partner } from '../providers/partner-alerts';
import {
  DeviceNotFreeError,
  linkDevice,
  recordLockChange,
  recordPartnerAlert,
} from '../vehicles/vehicle-store';
import { deviceItem } from '../devices/device-queries';
import { driverItem } from '../drivers/driver-queries';
import { bool, IdParams, ListAnswers, ListQuerystring, nullableBool } from './schemas';

const ref = <T>(column: string) => sql.ref<T>(column);
const VEHICLE_FIELDS = {
  id: { type: 'number', expression: ref('vehicles.id') },
  userId: { type: 'number', expression: ref('vehicles.userId') },
  deviceActive: { type: 'boolean', expression: ref('devices.active') },
  deviceId: { type: 'number', expression: ref('devices.id') },
  onBoardingStatus: { type: 'string', expression: ref('vehicles.onboardingStatus') },
  registrationNumber: { type: 'string', expression: ref('vehicles.registrationNumber') },
  make: { type: 'string', expression: ref('vehicles.make') },
  model: { type: 'string', expression: ref('vehicles.model') },
  nickname: { type: 'string', expression: ref('vehicles.nickname') },
  tamperActive: { type: 'boolean', expression: ref('vehicles.tamperActive') },
  createdOnDateTime: { type: 'dateTime', expression: ref('vehicles.createdOnDateTime') },
  userFirstName: { type: 'string', expression: ref('users.firstName') },
  userLastName: { type: 'string', expression: ref('users.lastName') },
} satisfies FieldMap<VehicleListField>;

function vehicleBase(db: Kysely<Database>) {
  return db
    .selectFrom('vehicles')
    .innerJoin('users', 'users.id', 'vehicles.userId')
    .leftJoin('devices', 'devices.vehicleId', 'vehicles.id');
}

/** The full items of these vehicles, in the given order: one query each for rows, drivers and latest history. */
export async function loadVehicles(db: Kysely<Database>, ids: readonly number[]): Promise<Vehicle[]> {
  if (ids.length === 0) return [];
  const [rows, drivers] = await Promise.all([
    vehicleBase(db)
      .selectAll('vehicles')
      .select([
        'users.firstName as userFirstName',
        'users.lastName as userLastName',
        'users.email as userEmail',
        'devices.id as deviceId',
        'devices.serialNumber as deviceSerialNumber',
        'devices.active as deviceActive',
        'devices.carBatteryVolts',
        'devices.deviceBatteryPercent',
      ])
      .select((eb) => {
        // The newest entry per vehicle, for the badge; the (vehicle_id, date_time desc) index answers it.
        const newestHistory = () =>
          eb
            .selectFrom('vehicleHistory')
            .whereRef('vehicleHistory.vehicleId', '=', 'vehicles.id')
            .orderBy('vehicleHistory.dateTime', 'desc')
            .orderBy('vehicleHistory.id', 'desc')
            .limit(1);
        return [
          newestHistory().select('vehicleHistory.type').as('latestHistoryType'),
          newestHistory().select('vehicleHistory.isLocked').as('latestHistoryIsLocked'),
        ];
      })
      .where('vehicles.id', 'in', ids)
      .execute(),
    db.selectFrom('drivers').selectAll().where('vehicleId', 'in', ids).orderBy('id').execute(),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        userId: row.userId,
        userFirstName: row.userFirstName,
        userLastName: row.userLastName,
        userEmail: row.userEmail,
        registrationNumber: row.registrationNumber,
        make: row.make,
        model: row.model,
        makeVariant: row.makeVariant,
        nickname: row.nickname,
        registrationYear: row.registrationYear,
        vehicleColour: row.vehicleColour,
        vinNumber: row.vinNumber,
        engineNumber: row.engineNumber,
        drivers: drivers.filter((driver) => driver.vehicleId === id).map(driverItem),
        subscriptionPlanId: row.subscriptionPlanId,
        subscriptionId: row.subscriptionId,
        subscriptionDepositAmountPaid: row.subscriptionDepositAmountPaid,
        onBoardingStatus: row.onboardingStatus,
        createdOnDateTime: row.createdOnDateTime,
        isLocked: nullableBool(row.isLocked),
        tamperActive: bool(row.tamperActive),
        deviceId: row.deviceId,
        deviceSerialNumber: row.deviceSerialNumber,
        deviceActive: nullableBool(row.deviceActive),
        gpsDateTime: row.gpsDateTime,
        gpsLatitudeDegrees: row.lastKnownGpsLatitudeDegrees,
        gpsLongitudeDegrees: row.lastKnownGpsLongitudeDegrees,
        lastKnownGpsLatitudeDegrees: row.lastKnownGpsLatitudeDegrees,
        lastKnownGpsLongitudeDegrees: row.lastKnownGpsLongitudeDegrees,
        latestHistoryType: row.latestHistoryType ?? null,
        latestHistoryIsLocked: nullableBool(row.latestHistoryIsLocked),
        carBatteryVolts: row.carBatteryVolts,
        deviceBatteryPercent: row.deviceBatteryPercent,
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
      },
    ];
  });
}

const ActionAnswers = {
  400: ProblemDetailsRef,
  401: ProblemDetailsRef,
  403: ProblemDetailsRef,
  404: ProblemDetailsRef,
};

export const vehiclesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(VehicleSchema);
  app.addSchema(LockResultSchema);
  app.addSchema(PartnerAlertResultSchema);

  /** The vehicle with its device, or 404. */
  const vehicleWithDevice = async (id: number) => {
    const vehicle = await vehicleBase(app.db)
      .select([
        'vehicles.id',
        'vehicles.registrationNumber',
        'vehicles.lastKnownGpsLatitudeDegrees',
        'vehicles.lastKnownGpsLongitudeDegrees',
        'devices.id as deviceId',
        'devices.serialNumber as deviceSerialNumber',
      ])
      .where('vehicles.id', '=', id)
      .executeTakeFirst();
    if (!vehicle) throw notFound(`Vehicle ${id} was not found.`);
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
      const list = compileListQuery(VEHICLE_FIELDS, request.query, {
        order: 'createdOnDateTime desc',
        id: ref('vehicles.id'),
      });
      const scope = userInScope(await scopeOf(app.db, request.user!), ref('vehicles.userId'));
      // Join only what the filter and order read: at 150,000 vehicles a count through unused joins
      // costs 50x more (README, Scale). Every vehicle has an owner, so leaving users out drops no row.
      const uses = (...names: string[]) => names.some((name) => list.fieldsUsed.has(name));
      let base = app.db
        .selectFrom('vehicles')
        .$if(uses('userFirstName', 'userLastName'), (query) =>
          query.innerJoin('users', 'users.id', 'vehicles.userId'),
        )
        .$if(uses('deviceActive', 'deviceId'), (query) =>
          query.leftJoin('devices', 'devices.vehicleId', 'vehicles.id'),
        );
      if (list.where) base = base.where(list.where);
      if (scope) base = base.where(scope);
      return runPagedList(
        base,
        list,
        (query) => query.select('vehicles.id'),
        (rows) =>
          loadVehicles(
            app.db,
            rows.map((row) => row.id),
          ),
      );
    },
  );

  for (const [path, locked] of [
    ['Lock', true],
    ['Unlock', false],
  ] as const) {
    app.put(
      `/Vehicles/:id/${path}`,
      {
        config: { roles: MANAGER_ROLES },
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
        const vehicle = await vehicleWithDevice(request.params.id);
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
        config: { roles: MANAGER_ROLES },
        schema: {
          tags: ['Vehicles'],
          summary: `Alert ${partner} to the vehicle; history records the status and who raised it`,
          security: [{ bearer: [] }],
          params: IdParams,
          response: { 200: schemaRef(PartnerAlertResultSchema), ...ActionAnswers },
        },
      },
      async (request) => {
        const vehicle = await vehicleWithDevice(request.params.id);
        if (vehicle.deviceId === null) throw new ApiError('noDevice');
        const staff = await app.db
          .selectFrom('users')
          .select(['firstName', 'lastName'])
          .where('id', '=', request.user!.userId)
          .executeTakeFirstOrThrow();
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
      config: { roles: MANAGER_ROLES },
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
      const vehicle = await vehicleWithDevice(request.params.id);
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
      const device = await app.db
        .selectFrom('devices')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['serialNumber']), '=', wanted.toLowerCase()))
        .executeTakeFirst();
      if (!device) throw refused(`Device ${wanted} was not found`);
      if (device.vehicleId !== null)
        throw refused(`Device ${device.serialNumber} is already linked to another vehicle`);

      await app.db
        .transaction()
        .execute(async (trx) => {
          await linkDevice(trx, { vehicleId: vehicle.id, deviceId: device.id });
          const nickname = request.body.vehicleNickname?.trim();
          if (nickname)
            await trx.updateTable('vehicles').set({ nickname }).where('id', '=', vehicle.id).execute();
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
