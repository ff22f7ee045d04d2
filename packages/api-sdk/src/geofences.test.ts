import { distanceMetres, GEOFENCE_MESSAGES, replayPeriod } from '@sentinel/domain';
import type { GeofenceInput, Vehicle, VehicleListFields } from '@sentinel/domain';
import { startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './test-support';
import type { ApiClient } from './client';
import { isApiError } from './errors/api-error';
import { ne } from './odata';

let api: RunningApi;
let admin: ApiClient;
let companyAdmin: ApiClient;
/** A demo vehicle with a device, so it has a week of stored fixes. */
let vehicle: Vehicle;

beforeAll(async () => {
  api = await startApi();
  [admin, companyAdmin] = await Promise.all([
    signedInClient(api.url, 'Admin'),
    signedInClient(api.url, 'Company-Admin'),
  ]);
  const page = await admin.vehicles.list({ filter: ne<VehicleListFields>('deviceId', null), pageSize: 1 });
  vehicle = page.items[0]!;
}, 60_000);

afterAll(async () => {
  await api?.close();
});

async function failure(call: Promise<unknown>) {
  const error: unknown = await call.catch((caught: unknown) => caught);
  if (!isApiError(error)) throw new Error(`Expected an ApiError, got ${String(error)}`);
  return error;
}

describe('the geofence calls', () => {
  it('create, list, read, try on the last 7 days and remove a circle round where a vehicle drives to', async () => {
    // Yesterday's farthest fix from its first: where the vehicle drove to and parked, which it
    // enters on most days of the week the preview looks at.
    const fixes = await admin.replay.allFixes(vehicle.id, replayPeriod('yesterday', new Date()));
    const first = fixes[0]!;
    const destination = fixes.reduce((far, fix) =>
      distanceMetres(first, fix) > distanceMetres(first, far) ? fix : far,
    );
    const input: GeofenceInput = {
      name: `SDK depot ${vehicle.registrationNumber}`,
      shape: {
        type: 'Circle',
        centre: {
          latitudeDegrees: destination.latitudeDegrees,
          longitudeDegrees: destination.longitudeDegrees,
        },
        radiusMetres: 250,
      },
      scope: { kind: 'Vehicle', id: vehicle.id },
      rules: [{ trigger: 'Enter', dwellMinutes: null, schedule: null, priority: 1 }],
    };

    const created = await admin.geofences.create(input);
    expect(created).toMatchObject({ name: input.name, shape: input.shape, scope: input.scope });
    expect(created.scopeName).toBe(vehicle.registrationNumber);

    const listed = await admin.geofences.list({ scopeKind: 'Vehicle', scopeId: vehicle.id, pageSize: 50 });
    expect(listed.items.map((geofence) => geofence.id)).toContain(created.id);
    expect(await admin.geofences.get(created.id)).toEqual(created);

    const preview = await admin.geofences.preview({
      ...input,
      rules: [{ ...input.rules[0]!, trigger: 'Exit' }],
    });
    expect(preview.vehicles).toBe(1);
    expect(preview.fixes).toBeGreaterThan(fixes.length);
    expect(preview.breaches.length).toBeGreaterThan(0);
    for (const breach of preview.breaches) {
      expect(breach).toMatchObject({
        vehicleId: vehicle.id,
        registrationNumber: vehicle.registrationNumber,
        trigger: 'Exit',
        priority: 1,
      });
      expect(breach.text).toContain(input.name);
    }

    await admin.geofences.remove(created.id);
    expect((await failure(admin.geofences.get(created.id))).status).toBe(404);
  });

  it('answers 400 with the field errors, and saves nothing', async () => {
    const name = 'SDK refused';
    const error = await failure(
      admin.geofences.create({
        name,
        shape: {
          type: 'Polygon',
          // A bow tie: its edges cross.
          points: [
            { latitudeDegrees: -26, longitudeDegrees: 28 },
            { latitudeDegrees: -26.1, longitudeDegrees: 28.1 },
            { latitudeDegrees: -26, longitudeDegrees: 28.1 },
            { latitudeDegrees: -26.1, longitudeDegrees: 28 },
          ],
        },
        scope: { kind: 'Vehicle', id: vehicle.id },
        rules: [],
      }),
    );
    expect(error.status).toBe(400);
    expect(error.errors).toEqual({
      Points: [GEOFENCE_MESSAGES.selfIntersecting],
      Rules: [GEOFENCE_MESSAGES.rulesRequired],
    });

    const outside = await failure(
      companyAdmin.geofences.create({
        name,
        shape: { type: 'Circle', centre: { latitudeDegrees: -26, longitudeDegrees: 28 }, radiusMetres: 500 },
        scope: { kind: 'Everyone', id: null },
        rules: [{ trigger: 'Enter', dwellMinutes: null, schedule: null, priority: 2 }],
      }),
    );
    expect(outside.status).toBe(400);
    expect(outside.errors).toEqual({ Scope: [GEOFENCE_MESSAGES.scopeOutside] });

    const all = await admin.geofences.list({ pageSize: 500 });
    expect(all.items.some((geofence) => geofence.name === name)).toBe(false);
  });
});
