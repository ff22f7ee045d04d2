// Tests only: an api of the alarm tests' own on a SQLite file, so a device can be given an ingestion
// key and report as a fitted device does: alarms are raised by device reports, nothing else.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient, gt } from '@sentinel/api-sdk';
import type { Alarm, ApiClient } from '@sentinel/api-sdk';
import { AUTHORISED_USER_KEY } from '@sentinel/domain';
import type { AuthorisedUser, TelemetryReport } from '@sentinel/domain';
import { issueDeviceKeyInFile, startApi } from '@sentinel/testing';
import { demoSignIn } from '../../../test/api';

export interface FittedDevice {
  serialNumber: string;
  vehicleId: number;
  registrationNumber: string;
  key: string;
}

export interface AlarmApi {
  url: string;
  /** Fitted devices of the demo fleet, each with a fresh ingestion key. */
  devices: FittedDevice[];
  /** A client signed in as the demo user of the role, answers checked against the contract. */
  client(role: string): Promise<ApiClient>;
  /** Stores the role's sign-in as the dashboard does, for a test that starts signed in. */
  storeSignedIn(role: string): Promise<AuthorisedUser>;
  /** Reports as the device does; the alarm it raised or joined. */
  report(device: FittedDevice, parts: Omit<TelemetryReport, 'timestamp'>): Promise<Alarm>;
  close(): Promise<void>;
}

export async function startAlarmApi(deviceCount: number): Promise<AlarmApi> {
  const folder = await mkdtemp(join(tmpdir(), 'dashboard-alarms-'));
  const databaseFile = join(folder, 'api.sqlite');
  const api = await startApi({ databaseFile });
  const signIns = new Map<string, Promise<AuthorisedUser>>();
  const signIn = (role: string) => {
    let user = signIns.get(role);
    if (!user) {
      user = createApiClient({
        baseUrl: api.url,
        session: { get: () => null, set() {}, clear() {} },
      }).auth.signInByEmail(demoSignIn(role));
      signIns.set(role, user);
    }
    return user;
  };
  const client = async (role: string) => {
    let user = await signIn(role);
    return createApiClient({
      baseUrl: api.url,
      session: { get: () => user, set: (next) => (user = next), clear() {} },
      validateAnswers: true,
    });
  };
  const admin = await client('Admin');
  const fitted = await admin.devices.list({ filter: gt('vehicleId', 0), pageSize: deviceCount });
  const vehicles = new Map((await api.vehicles()).map((vehicle) => [vehicle.id, vehicle.registrationNumber]));
  const devices: FittedDevice[] = [];
  for (const device of fitted.items) {
    devices.push({
      serialNumber: device.serialNumber,
      vehicleId: device.vehicleId,
      registrationNumber: vehicles.get(device.vehicleId) ?? '',
      key: await issueDeviceKeyInFile(databaseFile, device.serialNumber),
    });
  }
  return {
    url: api.url,
    devices,
    client,
    async storeSignedIn(role) {
      const user = await signIn(role);
      localStorage.setItem(AUTHORISED_USER_KEY, JSON.stringify(user));
      return user;
    },
    async report(device, parts) {
      const response = await fetch(
        `${api.url}/Devices/${encodeURIComponent(device.serialNumber)}/Telemetry`,
        {
          method: 'POST',
          headers: { authorization: `Device ${device.key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ timestamp: new Date().toISOString(), ...parts }),
        },
      );
      if (!response.ok) throw new Error(`Telemetry answered ${response.status}: ${await response.text()}`);
      for (const tab of ['Open', 'Acknowledged'] as const) {
        const page = await admin.alarms.queue({ tab, pageSize: 500 });
        const alarm = page.items.find((item) => item.vehicleId === device.vehicleId);
        if (alarm) return alarm;
      }
      throw new Error(`No alarm for vehicle ${device.vehicleId}`);
    },
    async close() {
      await api.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
