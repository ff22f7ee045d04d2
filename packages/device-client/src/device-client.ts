/*
 * The calls a tracking device makes on its own channel, authenticated with its key
 * (`Authorization: Device <key>`), never a person's token: its reports, the long poll for the lock
 * and unlock commands waiting for it, and its answer to each. The shapes are the contract's.
 */
import { DEVICE_COMMAND_WAIT_SECONDS } from '@sentinel/domain';
import type {
  DeviceCommandAck,
  DeviceCommandAckResult,
  DeviceCommandBatch,
  TelemetryReport,
  TelemetryBatchResult,
  TelemetryResult,
} from '@sentinel/domain';

export interface DeviceClientOptions {
  /** The vehicle API's base URL, e.g. `http://localhost:5080`. */
  apiUrl: string;
  serialNumber: string;
  /** The device's key (POST /Devices/{serialNumber}/IngestKey hands it out). */
  key: string;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** How long a call may take; a long poll gets its wait on top. @default 10000 */
  timeoutMs?: number;
}

/**
 * What became of a call. A device treats a refusal and no answer alike (it tries again later), so
 * the calls never throw: `status` is null when no answer came (the api unreachable, a timeout, the
 * caller's abort), and `detail` is the answer's text or why none came.
 */
export type DeviceAnswer<T> =
  { ok: true; status: number; body: T } | { ok: false; status: number | null; detail: string };

export interface PollOptions {
  /** How long the api may wait for a command before answering none. @default DEVICE_COMMAND_WAIT_SECONDS */
  waitSeconds?: number;
  /** Ends the poll early (the device shuts down). */
  signal?: AbortSignal;
}

export interface DeviceClient {
  /** POST /Devices/{serialNumber}/Telemetry: one report; answers which parts were stored. */
  report(report: TelemetryReport): Promise<DeviceAnswer<TelemetryResult>>;
  /**
   * POST /Devices/{serialNumber}/Telemetry/Batch: up to 100 readings at once (kept while out of
   * coverage), each stored as if sent alone; the results in the order sent.
   */
  reportBatch(reports: readonly TelemetryReport[]): Promise<DeviceAnswer<TelemetryBatchResult>>;
  /**
   * GET /Devices/{serialNumber}/Commands: the commands waiting for the device (each is Delivered
   * by this call), else the first to arrive within the wait, else none.
   */
  commands(options?: PollOptions): Promise<DeviceAnswer<DeviceCommandBatch>>;
  /** POST /Devices/{serialNumber}/Commands/{commandId}/Ack: the outcome and the lock state it left. */
  acknowledge(commandId: number, ack: DeviceCommandAck): Promise<DeviceAnswer<DeviceCommandAckResult>>;
}

const DEFAULT_TIMEOUT_MS = 10_000;

export function createDeviceClient(options: DeviceClientOptions): DeviceClient {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const base = options.apiUrl.endsWith('/') ? options.apiUrl : `${options.apiUrl}/`;
  const devicePath = `Devices/${encodeURIComponent(options.serialNumber)}`;
  const authorization = `Device ${options.key}`;

  async function call<T>(url: URL, init: RequestInit, signal: AbortSignal): Promise<DeviceAnswer<T>> {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        ...init,
        headers: {
          authorization,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        signal,
      });
    } catch (error) {
      return { ok: false, status: null, detail: error instanceof Error ? error.message : String(error) };
    }
    try {
      if (!response.ok) return { ok: false, status: response.status, detail: await response.text() };
      return { ok: true, status: response.status, body: (await response.json()) as T };
    } catch (error) {
      // The answer broke off while being read: as good as none.
      return { ok: false, status: null, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  return {
    report(report) {
      return call(
        new URL(`${devicePath}/Telemetry`, base),
        { method: 'POST', body: JSON.stringify(report) },
        AbortSignal.timeout(timeoutMs),
      );
    },

    reportBatch(reports) {
      return call(
        new URL(`${devicePath}/Telemetry/Batch`, base),
        { method: 'POST', body: JSON.stringify({ reports }) },
        AbortSignal.timeout(timeoutMs),
      );
    },

    commands({ waitSeconds, signal } = {}) {
      const url = new URL(`${devicePath}/Commands`, base);
      if (waitSeconds !== undefined) url.searchParams.set('waitSeconds', String(waitSeconds));
      // The poll may take its whole wait: give it that before the usual timeout starts.
      const waitMs = (waitSeconds ?? DEVICE_COMMAND_WAIT_SECONDS) * 1000;
      const timeout = AbortSignal.timeout(waitMs + timeoutMs);
      return call(url, { method: 'GET' }, signal ? AbortSignal.any([signal, timeout]) : timeout);
    },

    acknowledge(commandId, ack) {
      return call(
        new URL(`${devicePath}/Commands/${commandId}/Ack`, base),
        { method: 'POST', body: JSON.stringify(ack) },
        AbortSignal.timeout(timeoutMs),
      );
    },
  };
}
