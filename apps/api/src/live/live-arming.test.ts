/*
 * VehicleArmingMessage through the real api and the official SignalR client: whoever arms, disarms
 * or schedules a vehicle (staff from its card, the owner from the mobile app), the staff watching it
 * hear the status the route answered; a Company-Admin only for their company's vehicles.
 */
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_MESSAGE, ROLE } from '@sentinel/domain';
import type { ArmingStatus, RoleName } from '@sentinel/domain';
import { userIdByEmail } from '../db/seed/users';
import { demoTokens } from '../test-support/demo-tokens';
import {
  addCompanyOfDemoAdmin,
  addTrackedVehicle,
  collect,
  hubConnection,
  nextMessage,
  startApi,
  stopApi,
} from './test-support';
import type { RunningApi } from './test-support';

let api: RunningApi;
let tokens: Record<RoleName, string>;
const open: HubConnection[] = [];

async function connect(role: RoleName): Promise<HubConnection> {
  const connection = hubConnection(api.url, tokens[role]);
  open.push(connection);
  await connection.start();
  return connection;
}

async function call(role: RoleName, method: 'PUT' | 'DELETE', path: string, body?: object) {
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${tokens[role]}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ArmingStatus;
}

const ofVehicle = (vehicleId: number) => (message: ArmingStatus) => message.vehicleId === vehicleId;

beforeAll(async () => {
  api = await startApi();
  tokens = await demoTokens(api.app);
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.stop()));
});

afterAll(async () => {
  await stopApi(api);
});

describe('given an Admin watching /DefaultHub while a Technical-Agent arms a vehicle', () => {
  it('sends VehicleArmingMessage with the answered status after Arm, ArmingSchedule, Disarm and its removal', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const watcher = await connect(ROLE.admin);
    const messages = collect<ArmingStatus>(watcher, LIVE_MESSAGE.arming);
    const path = `/Vehicles/${vehicle.vehicleId}`;
    const schedule = { days: ['Mon', 'Fri'], from: '22:00', to: '05:00' };

    const answers: ArmingStatus[] = [];
    for (const [method, route, body] of [
      ['PUT', `${path}/Arm`, undefined],
      ['PUT', `${path}/ArmingSchedule`, schedule],
      ['PUT', `${path}/Disarm`, undefined],
      ['DELETE', `${path}/ArmingSchedule`, undefined],
    ] as const) {
      const heard = nextMessage(watcher, LIVE_MESSAGE.arming, ofVehicle(vehicle.vehicleId));
      answers.push(await call(ROLE.technicalAgent, method, route, body));
      await heard;
    }

    expect(messages).toEqual(answers);
    expect(answers[0]).toMatchObject({ armed: true, armedSince: expect.any(String), armingSchedule: null });
    expect(answers[1]).toMatchObject({ armed: true, armingSchedule: schedule });
    expect(answers.slice(2)).toMatchObject([
      { armedSince: null, armingSchedule: schedule },
      { armed: false, armedSince: null, armingSchedule: null },
    ]);
  });
});

describe('given a Company-Admin and an Admin watching while account holders arm from the mobile app', () => {
  it("tells the staff of the owner's own arming, and the Company-Admin only of their company's vehicles", async () => {
    const companyAdminId = await userIdByEmail(api.app.db, 'company.admin@sentinel.demo');
    const ours = await addTrackedVehicle(api.app, {
      companyId: await addCompanyOfDemoAdmin(api.app, companyAdminId!),
    });
    const holders = await addTrackedVehicle(api.app);
    const holderId = await userIdByEmail(api.app.db, 'holder@sentinel.demo');
    await api.app.db
      .updateTable('vehicles')
      .set({ userId: holderId! })
      .where('id', '=', holders.vehicleId)
      .execute();
    const companyAdmin = await connect(ROLE.companyAdmin);
    const staff = await connect(ROLE.admin);
    const heardByCompanyAdmin = collect<ArmingStatus>(companyAdmin, LIVE_MESSAGE.arming);

    const holdersHeard = nextMessage(staff, LIVE_MESSAGE.arming, ofVehicle(holders.vehicleId));
    const owners = await call(ROLE.accountHolder, 'PUT', `/Vehicles/${holders.vehicleId}/Arm`);
    expect(await holdersHeard).toEqual(owners);

    // Armed by staff after the holder's: heard by both once it reaches the staff connection.
    const oursHeard = nextMessage(companyAdmin, LIVE_MESSAGE.arming, ofVehicle(ours.vehicleId));
    const staffHeard = nextMessage(staff, LIVE_MESSAGE.arming, ofVehicle(ours.vehicleId));
    const armed = await call(ROLE.admin, 'PUT', `/Vehicles/${ours.vehicleId}/Arm`);
    expect(await oursHeard).toEqual(armed);
    await staffHeard;
    expect(heardByCompanyAdmin).toEqual([armed]);
  });
});
