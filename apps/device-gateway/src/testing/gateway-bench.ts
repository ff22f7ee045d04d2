// Tests only: a real api (in the run's test host, on a SQLite file so devices can be registered)
// with a gateway key, a gateway started in-process against it, and the staff calls the tests make.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { instant, openDatabase } from '@sentinel/database';
import type { DeviceCommand, Page, Vehicle } from '@sentinel/domain';
import type { Generated } from 'kysely';
import { signIn, startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import type { GatewaySettings } from '../config';
import { startGateway } from '../gateway';
import type { GatewayOptions, RunningGateway } from '../gateway';
import type { GatewayStats } from '../stats';
import { eventually, testSettings } from './test-device';

export { eventually, testSettings };

interface DevicesFile {
  devices: {
    id: Generated<number>;
    serialNumber: string;
    active: number;
    autoLockEnabledState: number;
    createdOnDateTime: string;
  };
}

export interface RegisteredDevice {
  imei: string;
  /** The demo vehicle it was linked to; null for a free device. */
  vehicleId: number | null;
}

export interface GatewayBench {
  api: RunningApi;
  key: string;
  /** Starts a gateway against this bench's api (tests of several instances start more). */
  startGateway(settings?: Partial<GatewaySettings>, options?: GatewayOptions): Promise<RunningGateway>;
  /** An Admin's call to the api; throws on a refusal. */
  asAdmin<T>(path: string, init?: { method?: string; body?: unknown }): Promise<T>;
  /**
   * Registers a device by IMEI, as an installer would, and links it to a fitted demo vehicle of its
   * own (the vehicle's device changes to it) unless `free`.
   */
  registerDevice(options?: { free?: boolean; active?: boolean }): Promise<RegisteredDevice>;
  vehicle(id: number): Promise<Vehicle>;
  /** Lock as staff do (PUT /Vehicles/{id}/Lock). */
  lock(vehicleId: number): Promise<DeviceCommand>;
  close(): Promise<void>;
}

let imeiCounter = 0;
/** A 15-digit IMEI no other device of this process has. */
export function newImei(): string {
  imeiCounter += 1;
  return `356307${String(imeiCounter).padStart(9, '0')}`;
}

export async function startGatewayBench(): Promise<GatewayBench> {
  const folder = await mkdtemp(join(tmpdir(), 'device-gateway-'));
  const databaseFile = join(folder, 'api.sqlite');
  const key = randomBytes(32).toString('base64url');
  const api = await startApi({ databaseFile, gatewayKey: key });
  const { accessToken } = await signIn(api.url, 'Admin');
  const gateways: RunningGateway[] = [];

  const asAdmin = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const response = await fetch(`${api.url}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };

  // Fitted demo vehicles, each handed to one registered device.
  const fitted = (
    await asAdmin<Page<Vehicle>>(`/Vehicles?$filter=${encodeURIComponent('deviceId gt 0')}&$pagesize=100`)
  ).items.map((vehicle) => vehicle.id);

  const vehicle = async (id: number) => {
    const page = await asAdmin<Page<Vehicle>>(`/Vehicles?$filter=${encodeURIComponent(`id eq ${id}`)}`);
    const found = page.items[0];
    if (!found) throw new Error(`No vehicle ${id}.`);
    return found;
  };

  return {
    api,
    key,
    async startGateway(settings = {}, options = {}) {
      const gateway = await startGateway(testSettings(api.url, key, settings), options);
      gateways.push(gateway);
      return gateway;
    },
    asAdmin,
    async registerDevice({ free = false, active = true } = {}) {
      const imei = newImei();
      const db = openDatabase<DevicesFile>({ databaseFile });
      try {
        await db
          .insertInto('devices')
          .values({
            serialNumber: imei,
            active: active ? 1 : 0,
            autoLockEnabledState: 0,
            createdOnDateTime: instant(),
          })
          .execute();
      } finally {
        await db.destroy();
      }
      if (free) return { imei, vehicleId: null };
      const vehicleId = fitted.shift();
      if (vehicleId === undefined) throw new Error('No fitted demo vehicle is left to link.');
      await asAdmin(`/Vehicles/${vehicleId}/ChangeLinkedDevice`, { body: { newDeviceSerialNumber: imei } });
      return { imei, vehicleId };
    },
    vehicle,
    async lock(vehicleId) {
      const answer = await asAdmin<{ command: DeviceCommand }>(`/Vehicles/${vehicleId}/Lock`, {
        method: 'PUT',
        body: { reason: 'Test' },
      });
      return answer.command;
    },
    async close() {
      await Promise.allSettled(gateways.map((gateway) => gateway.close()));
      await api.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** The gateway's counters as GET /health answers them. */
export async function health(gateway: RunningGateway): Promise<GatewayStats> {
  const response = await fetch(`http://127.0.0.1:${gateway.osmandPort}/health`);
  return (await response.json()) as GatewayStats;
}
