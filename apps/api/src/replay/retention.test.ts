import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { build } from '../index';
import { addTrackedVehicle } from '../live/test-support';
import { insertPositionFixes } from './position-fixes';
import { prunePositionFixes } from './retention';

const DAY_MS = 86_400_000;

/** `count` fixes of the vehicle, one a minute, starting `daysAgo` days before now. */
function fixes(vehicleId: number, daysAgo: number, count: number) {
  const start = Date.now() - daysAgo * DAY_MS;
  return Array.from({ length: count }, (_, i) => ({
    vehicleId,
    at: new Date(start + i * 60_000).toISOString(),
    latitudeDegrees: -26.1,
    longitudeDegrees: 28.05,
  }));
}

async function fixCount(app: FastifyInstance, vehicleId: number): Promise<number> {
  const { count } = await app.db
    .selectFrom('positionFixes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('vehicleId', '=', vehicleId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

describe('prunePositionFixes', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(async () => {
    await app.close();
  });

  it("deletes every vehicle's fixes before the cutoff and keeps the rest", async () => {
    const vehicles = [];
    for (let i = 0; i < 3; i += 1) vehicles.push(await addTrackedVehicle(app));
    for (const { vehicleId } of vehicles) {
      await insertPositionFixes(app.db, [...fixes(vehicleId, 40, 30), ...fixes(vehicleId, 2, 20)]);
    }
    const deleted = await prunePositionFixes(app.db, new Date(Date.now() - 30 * DAY_MS));
    expect(deleted).toBe(90);
    for (const { vehicleId } of vehicles) expect(await fixCount(app, vehicleId)).toBe(20);
    expect(await prunePositionFixes(app.db, new Date(Date.now() - 30 * DAY_MS))).toBe(0);
  });
});

describe('given POSITION_FIX_RETENTION_DAYS (positionFixRetention)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build({ positionFixRetention: { days: 30, sweepIntervalMs: 50 } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('sweeps fixes older than the retention while the api runs', async () => {
    const { vehicleId } = await addTrackedVehicle(app);
    await insertPositionFixes(app.db, [...fixes(vehicleId, 31, 10), ...fixes(vehicleId, 29, 5)]);
    await expect.poll(() => fixCount(app, vehicleId), { timeout: 10_000 }).toBe(5);
  });
});
