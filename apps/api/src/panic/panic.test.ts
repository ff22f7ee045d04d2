import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PANIC_MESSAGES } from '@sentinel/domain';
import type { Alarm } from '@sentinel/domain';
import { build } from '../index';
import { demoTokens } from '../test-support/demo-tokens';
import { findAlarm } from '../alarms/alarm-queries';

let app: FastifyInstance;
let tokens: Awaited<ReturnType<typeof demoTokens>>;
let holderId: number;
let holderVehicles: { id: number; registrationNumber: string }[];

beforeAll(async () => {
  app = await build({ seed: true });
  tokens = await demoTokens(app);
  holderId = (
    await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'holder@sentinel.demo')
      .executeTakeFirstOrThrow()
  ).id;
  holderVehicles = await app.db
    .selectFrom('vehicles')
    .select(['id', 'registrationNumber'])
    .where('userId', '=', holderId)
    .orderBy('id')
    .execute();
});

afterAll(async () => {
  await app.close();
});

const panic = (payload: object, token = tokens['Account-Holder']) =>
  app.inject({
    method: 'POST',
    url: '/My/Panic',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });

describe('POST /My/Panic', () => {
  it('opens a High Panic alarm on the holder’s vehicle with the phone’s position, audited, and joins it when pressed again', async () => {
    const vehicle = holderVehicles[0]!;
    const first = await panic({
      vehicleId: vehicle.id,
      latitude: -26.10712,
      longitude: 28.0568,
      accuracyMetres: 14.6,
    });

    expect(first.statusCode, first.body).toBe(201);
    const answer = first.json<{ alarmId: number; opened: boolean }>();
    expect(answer).toMatchObject({
      vehicleId: vehicle.id,
      registrationNumber: vehicle.registrationNumber,
      opened: true,
    });
    const alarm = (await findAlarm(app.db, answer.alarmId)) as Alarm;
    expect(alarm).toMatchObject({ kind: 'Panic', priority: 1, state: 'Open', acknowledgeWithinSeconds: 30 });
    const timeline = await app.db
      .selectFrom('alarmEvents')
      .select(['type', 'text'])
      .where('alarmId', '=', answer.alarmId)
      .orderBy('id')
      .execute();
    expect(timeline[0]).toEqual({
      type: 'Opened',
      text: 'Pressed in the app at -26.107120, 28.056800 (±15 m)',
    });
    const audit = await app.db
      .selectFrom('auditLog')
      .select(['action', 'targetId', 'userId'])
      .where('action', '=', 'PanicRaised')
      .execute();
    expect(audit).toEqual([{ action: 'PanicRaised', targetId: String(vehicle.id), userId: holderId }]);

    const again = await panic({ vehicleId: vehicle.id });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ alarmId: answer.alarmId, opened: false });
    expect((await findAlarm(app.db, answer.alarmId))?.eventCount).toBe(2);
  });

  it('refuses a half or impossible position at its field, and another holder’s vehicle as unknown', async () => {
    const vehicleId = holderVehicles[0]!.id;
    const half = await panic({ vehicleId, latitude: -26.1 });
    expect(half.statusCode).toBe(400);
    expect(half.json().errors).toEqual({ Longitude: [PANIC_MESSAGES.positionIncomplete] });

    const impossible = await panic({ vehicleId, latitude: -126.1, longitude: 200 });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().errors).toEqual({
      Latitude: [PANIC_MESSAGES.latitude],
      Longitude: [PANIC_MESSAGES.longitude],
    });

    const other = await app.db
      .selectFrom('vehicles')
      .select('id')
      .where('userId', '<>', holderId)
      .executeTakeFirstOrThrow();
    const foreign = await panic({ vehicleId: other.id });
    expect(foreign.statusCode).toBe(404);
    expect(
      await app.db
        .selectFrom('alarms')
        .select('id')
        .where('vehicleId', '=', other.id)
        .where('kind', '=', 'Panic')
        .execute(),
    ).toEqual([]);
  });

  it('asks which vehicle when the holder has several (the demo holder has two) and none is named', async () => {
    expect(holderVehicles).toHaveLength(2);
    const response = await panic({});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ VehicleId: [PANIC_MESSAGES.chooseVehicle] });
  });

  it('is the customer’s button only: staff get 403 and no token 401', async () => {
    expect((await panic({ vehicleId: holderVehicles[0]!.id }, tokens.Admin)).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/My/Panic', payload: {} })).statusCode).toBe(401);
  });
});
