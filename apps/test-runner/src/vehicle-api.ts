/*
 * What the bench asks of the vehicle API. Which serial numbers are real devices: the api's
 * GET /Devices answers, asked with the caller's own token, so the bench knows no device the person
 * could not see in the api. And the units' own channel: a unit put on a station is provisioned with
 * an ingestion key (POST /Devices/{serial}/IngestKey, the caller's token), and then reports its
 * readings with that key through POST /Devices/{serial}/Telemetry, the path fitted devices and the
 * fleet simulator use.
 */
import type { Device, DeviceIngestKey, Page } from '@sentinel/domain';
import { BenchError } from './errors';

/** The body a unit sends to the telemetry route (the api's TelemetryReportSchema). */
export interface TelemetryBody {
  timestamp: string;
  latitudeDegrees?: number;
  longitudeDegrees?: number;
  locked?: boolean;
  carBatteryVolts?: number;
  deviceBatteryPercent?: number;
  applicationVersion?: string;
}

/** How a unit's report fared: accepted by the api, or why not (its answer, or none at all). */
export interface Delivery {
  accepted: boolean;
  status: number | null;
}

export interface VehicleApi {
  /** The device's serial as the api spells it, or undefined when the api knows no such device. */
  find(serial: string, authorization: string): Promise<string | undefined>;
  /** A new ingestion key for the device; its previous key stops working. */
  provisionKey(serial: string, authorization: string): Promise<string>;
  /** Sends a unit's report as the device itself. Never throws: a lost report is a reading too. */
  report(serial: string, key: string, body: TelemetryBody): Promise<Delivery>;
}

const TIMEOUT_MS = 10_000;

export function createVehicleApi(apiUrl: string, fetchImpl: typeof fetch = fetch): VehicleApi {
  const base = apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`;
  const at = (path: string) => new URL(path, base);

  async function call(url: URL, init: RequestInit, what: string): Promise<Response> {
    let response: Response;
    try {
      response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw new BenchError('registryUnavailable', `The vehicle API could not be reached to ${what}`);
    }
    if (response.status === 401 || response.status === 403)
      throw new BenchError('forbidden', `The vehicle API refused to ${what} for you`);
    return response;
  }

  return {
    async find(serial, authorization) {
      const url = at('Devices');
      // OData text literal: inner quotes doubled, so a typed serial stays text.
      url.searchParams.set('$filter', `serialNumber eq '${serial.replaceAll("'", "''")}'`);
      url.searchParams.set('$pagesize', '1');
      const response = await call(url, { headers: { authorization } }, 'look the device up');
      if (!response.ok)
        throw new BenchError(
          'registryUnavailable',
          `The vehicle API answered ${response.status} to the device look-up`,
        );
      const page = (await response.json()) as Page<Device>;
      return page.items[0]?.serialNumber;
    },

    async provisionKey(serial, authorization) {
      const url = at(`Devices/${encodeURIComponent(serial)}/IngestKey`);
      const response = await call(url, { method: 'POST', headers: { authorization } }, 'provision the unit');
      if (response.status === 404)
        throw new BenchError('unknownDevice', `No device has the serial number ${serial}`);
      if (!response.ok)
        throw new BenchError(
          'registryUnavailable',
          `The vehicle API answered ${response.status} when provisioning unit ${serial}`,
        );
      return ((await response.json()) as DeviceIngestKey).key;
    },

    async report(serial, key, body) {
      try {
        const response = await fetchImpl(at(`Devices/${encodeURIComponent(serial)}/Telemetry`), {
          method: 'POST',
          headers: { authorization: `Device ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        // The answer's body says which parts were stored; the bench needs only whether it was taken.
        await response.body?.cancel();
        return { accepted: response.ok, status: response.status };
      } catch {
        return { accepted: false, status: null };
      }
    },
  };
}
