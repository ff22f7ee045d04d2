/*
 * Set-up shared by the live tests: a listening api, demo staff signed in over HTTP, the official
 * SignalR client, and vehicles with devices (and keys) created in the test's own database.
 * Other packages start the api through @sentinel/testing; the api's own tests cannot, since that
 * package depends on this one.
 */
import type { AddressInfo } from 'node:net';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';
import type { RoleName, SignInAnswer } from '@sentinel/domain';
import { ROLE } from '@sentinel/domain';
import { build } from '../app';
import type { BuildOptions } from '../app';
import { instant } from '../db/database';
import { DEMO_SIGN_INS } from '../db/seed';
import { issueDeviceKey } from '../telemetry/device-keys';
import { linkDevice } from '../vehicles/vehicle-store';

export interface RunningApi {
  app: FastifyInstance;
  url: string;
}

export async function startApi(options: BuildOptions = {}): Promise<RunningApi> {
  const app = await build({ seed: true, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}` };
}

export async function stopApi({ app }: RunningApi): Promise<void> {
  await app.close();
}

/** Signs in the demo user of this role the way the dashboard does, and returns the access token. */
export async function signIn(url: string, role: RoleName): Promise<SignInAnswer> {
  const demo = DEMO_SIGN_INS.find((signIn) => signIn.role === role);
  if (!demo) throw new Error(`No demo user with role ${role}.`);
  const response = await fetch(`${url}/Auth/SignInByEmail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demo.email, password: demo.password }),
  });
  if (response.status !== 200) throw new Error(`Sign-in of ${demo.email} answered ${response.status}.`);
  return (await response.json()) as SignInAnswer;
}

export function hubConnection(
  url: string,
  accessToken: string | undefined,
  transport: HttpTransportType = HttpTransportType.WebSockets,
): HubConnection {
  return new HubConnectionBuilder()
    .withUrl(`${url}/DefaultHub`, {
      transport,
      ...(accessToken === undefined ? {} : { accessTokenFactory: () => accessToken }),
    })
    .configureLogging(LogLevel.None)
    .build();
}

/** Every message of this name the connection receives, in order, from now on. */
export function collect<T>(connection: HubConnection, name: string): T[] {
  const received: T[] = [];
  connection.on(name, (message: T) => received.push(message));
  return received;
}

/** Resolves with the first message of this name that matches, or rejects after timeoutMs. */
export function nextMessage<T>(
  connection: HubConnection,
  name: string,
  matches: (message: T) => boolean = () => true,
  timeoutMs = 5_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      connection.off(name, handler);
      reject(new Error(`No ${name} within ${timeoutMs} ms.`));
    }, timeoutMs);
    function handler(message: T) {
      if (!matches(message)) return;
      clearTimeout(timer);
      connection.off(name, handler);
      resolve(message);
    }
    connection.on(name, handler);
  });
}

let fixtureCount = 0;

export interface TrackedVehicle {
  vehicleId: number;
  ownerId: number;
  serialNumber: string;
  deviceKey: string;
}

/**
 * A new account holder with one vehicle and a linked device holding a fresh key; with a
 * companyId the holder is linked to that company as an Account-Holder.
 */
export async function addTrackedVehicle(
  app: FastifyInstance,
  { companyId }: { companyId?: number } = {},
): Promise<TrackedVehicle> {
  fixtureCount += 1;
  const n = `${process.pid}-${fixtureCount}`;
  const now = instant();
  const { id: ownerId } = await app.db
    .insertInto('users')
    .values({
      email: `live-${n}@example.test`,
      firstName: 'Sipho',
      lastName: `Test${fixtureCount}`,
      phoneNumber: '821112233',
      idNumber: '8001015009087',
      createdOnDateTime: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: roleId } = await app.db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', ROLE.accountHolder)
    .executeTakeFirstOrThrow();
  await app.db.insertInto('userRoles').values({ userId: ownerId, roleId }).execute();
  if (companyId !== undefined) {
    await app.db
      .insertInto('companyUsers')
      .values({ companyId, userId: ownerId, role: ROLE.accountHolder })
      .execute();
  }
  const { id: vehicleId } = await app.db
    .insertInto('vehicles')
    .values({
      userId: ownerId,
      registrationNumber: `CA ${fixtureCount}-TEST`,
      make: 'Toyota',
      model: 'Hilux',
      makeVariant: 'Toyota Hilux',
      registrationYear: '2021',
      vehicleColour: 'White',
      createdOnDateTime: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const serialNumber = `LIVE-${n}`;
  const { id: deviceId } = await app.db
    .insertInto('devices')
    .values({ serialNumber, createdOnDateTime: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await linkDevice(app.db, { vehicleId, deviceId });
  const deviceKey = await issueDeviceKey(app.db, serialNumber);
  if (deviceKey === undefined) throw new Error('The device just added is missing.');
  return { vehicleId, ownerId, serialNumber, deviceKey };
}

/** A company with the demo Company-Admin linked to it as its Company-Admin. */
export async function addCompanyOfDemoAdmin(app: FastifyInstance, companyAdminId: number): Promise<number> {
  fixtureCount += 1;
  const { id } = await app.db
    .insertInto('companies')
    .values({ name: `Live Test Fleet ${fixtureCount}`, createdOnDateTime: instant() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('companyUsers')
    .values({ companyId: id, userId: companyAdminId, role: ROLE.companyAdmin })
    .execute();
  return id;
}

export function postTelemetry(
  url: string,
  vehicle: Pick<TrackedVehicle, 'serialNumber' | 'deviceKey'>,
  body: unknown,
): Promise<Response> {
  return fetch(`${url}/Devices/${encodeURIComponent(vehicle.serialNumber)}/Telemetry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Device ${vehicle.deviceKey}` },
    body: JSON.stringify(body),
  });
}
