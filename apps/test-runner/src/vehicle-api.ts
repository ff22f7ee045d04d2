/*
 * What the bench asks of the vehicle API. Which serial numbers are real devices: the api's
 * GET /Devices answers, asked with the caller's own token, so the bench knows no device the person
 * could not see in the api. And the units' own channel: a unit put on a station is provisioned with
 * an ingestion key (POST /Devices/{serial}/IngestKey, the caller's token), and then reports its
 * readings with that key through POST /Devices/{serial}/Telemetry, the path fitted devices and the
 * fleet simulator use. A unit also fetches its commands with that key (GET /Devices/{serial}/Commands,
 * a long poll) and answers them (POST .../Commands/{id}/Ack), as a fitted device does; these three
 * calls are @sentinel/device-client's, with the contract's shapes. The bench, as
 * the technician who started the tests, sends it test locks and unlocks (POST
 * /Devices/{serial}/TestCommands) and reads what the unit answered.
 */
import { createDeviceClient } from '@sentinel/device-client';
import type {
  Device,
  DeviceCommandAck,
  DeviceCommandDelivery,
  DeviceCommandType,
  DeviceIngestKey,
  DeviceTestCommand,
  Page,
  TelemetryReport,
} from '@sentinel/domain';
import { BenchError } from './errors';

/** How a unit's report fared: accepted by the api, or why not (its answer, or none at all). */
export interface Delivery {
  accepted: boolean;
  /** The api's answer; null when none came, or over the device gateway (it answers a record count). */
  status: number | null;
  /** The device gateway (host:port) a Teltonika unit's report went through. */
  gateway?: string;
}

export interface VehicleApi {
  /** The device's serial as the api spells it, or undefined when the api knows no such device. */
  find(serial: string, authorization: string): Promise<string | undefined>;
  /** A new ingestion key for the device; its previous key stops working. */
  provisionKey(serial: string, authorization: string): Promise<string>;
  /** Sends a unit's report as the device itself. Never throws: a lost report is a reading too. */
  report(serial: string, key: string, body: TelemetryReport): Promise<Delivery>;
  /**
   * The unit's waiting commands, fetched with its own key; waits up to waitSeconds for one. Null when
   * the api could not be reached or refused the key (the unit tries again later). Never throws.
   */
  fetchCommands(
    serial: string,
    key: string,
    waitSeconds: number,
    signal: AbortSignal,
  ): Promise<DeviceCommandDelivery[] | null>;
  /** The unit's answer to a command, with its own key. Never throws. */
  acknowledge(serial: string, key: string, commandId: number, ack: DeviceCommandAck): Promise<Delivery>;
  /** Sends the unit a test Lock or Unlock, as the person whose token this is. */
  sendTestCommand(serial: string, type: DeviceCommandType, authorization: string): Promise<DeviceTestCommand>;
  /** A test command sent to the unit, with the unit's answer so far. */
  testCommand(serial: string, commandId: number, authorization: string): Promise<DeviceTestCommand>;
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

  const device = (serial: string) => `Devices/${encodeURIComponent(serial)}`;
  // The unit's own channel, with its key: the calls every device makes, never throwing.
  const unit = (serialNumber: string, key: string) =>
    createDeviceClient({ apiUrl, serialNumber, key, fetch: fetchImpl, timeoutMs: TIMEOUT_MS });

  async function answerOf<T>(response: Response, what: string): Promise<T> {
    if (!response.ok)
      throw new BenchError('registryUnavailable', `The vehicle API answered ${response.status} to ${what}`);
    return (await response.json()) as T;
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
      const answer = await unit(serial, key).report(body);
      return { accepted: answer.ok, status: answer.status };
    },

    async fetchCommands(serial, key, waitSeconds, signal) {
      const answer = await unit(serial, key).commands({ waitSeconds, signal });
      return answer.ok ? answer.body.items : null;
    },

    async acknowledge(serial, key, commandId, ack) {
      const answer = await unit(serial, key).acknowledge(commandId, ack);
      return { accepted: answer.ok, status: answer.status };
    },

    async sendTestCommand(serial, type, authorization) {
      const response = await call(
        at(`${device(serial)}/TestCommands`),
        {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ type }),
        },
        `send unit ${serial} a test ${type}`,
      );
      return answerOf<DeviceTestCommand>(response, `the test ${type} for unit ${serial}`);
    },

    async testCommand(serial, commandId, authorization) {
      const response = await call(
        at(`${device(serial)}/TestCommands/${commandId}`),
        { headers: { authorization } },
        `read unit ${serial}'s test command`,
      );
      return answerOf<DeviceTestCommand>(response, `the test command of unit ${serial}`);
    },
  };
}
