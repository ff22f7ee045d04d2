/*
 * The calls the gateway makes to the vehicle API for the trackers it holds, each with
 * `Authorization: Gateway <key>`: the device routes a device itself would call (telemetry, its
 * commands, their acknowledgement) and the gateway's own command poll. One keep-alive connection
 * pool (undici) for all of them; every call has a time limit.
 */
import { Agent, request } from 'undici';
import type { Dispatcher } from 'undici';
import type {
  DeviceCommandAck,
  DeviceCommandBatch,
  GatewayCommandBatch,
  TelemetryBatchResult,
  TelemetryReport,
  TelemetryResult,
} from '@sentinel/domain';

/**
 * What became of a call. `refused`: the api answered 4xx (401 unknown device, 403 deactivated,
 * 400 a report it will not store); `failed`: no answer, or a 5xx — worth trying again later.
 */
export type ApiAnswer<T> =
  | { kind: 'ok'; body: T }
  | { kind: 'refused'; status: number; detail: string }
  | { kind: 'failed'; status: number | null; detail: string };

export interface ApiClientOptions {
  apiUrl: string;
  key: string;
  /** How long a call may take; the command poll gets its wait on top. @default 10000 */
  timeoutMs?: number;
}

export interface ApiClient {
  /** GET /Devices/{serial}/Commands?waitSeconds=0: whether the device is known, and its waiting commands (now Delivered). */
  claimCommands(serialNumber: string): Promise<ApiAnswer<DeviceCommandBatch>>;
  /** POST /Devices/{serial}/Telemetry. */
  report(serialNumber: string, report: TelemetryReport): Promise<ApiAnswer<TelemetryResult>>;
  /** POST /Devices/{serial}/Telemetry/Batch: 1..100 reports, answered after their commit. */
  reportBatch(
    serialNumber: string,
    reports: readonly TelemetryReport[],
  ): Promise<ApiAnswer<TelemetryBatchResult>>;
  /**
   * POST /Devices/{serial}/Commands/{id}/Ack; with a traceparent (the span of the device's answer,
   * when tracing is on), the api's span of the answer continues that trace.
   */
  acknowledge(
    serialNumber: string,
    commandId: number,
    ack: DeviceCommandAck,
    traceParent?: string,
  ): Promise<ApiAnswer<unknown>>;
  /** POST /Gateway/Commands/Poll: the commands for these devices, waiting up to waitSeconds for one. */
  pollCommands(
    serialNumbers: readonly string[],
    waitSeconds: number,
    signal: AbortSignal,
  ): Promise<ApiAnswer<GatewayCommandBatch>>;
  close(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** Enough for 10,000 devices each reporting every 10 s, whose calls each take a few milliseconds. */
const CONNECTIONS = 64;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const base = options.apiUrl.endsWith('/') ? options.apiUrl : `${options.apiUrl}/`;
  const agent = new Agent({
    connections: CONNECTIONS,
    keepAliveTimeout: 30_000,
    connect: { timeout: timeoutMs },
  });
  const authorization = `Gateway ${options.key}`;
  const devicePath = (serialNumber: string) => `Devices/${encodeURIComponent(serialNumber)}`;

  async function call<T>(
    method: Dispatcher.HttpMethod,
    path: string,
    body: unknown,
    limitMs: number,
    signal?: AbortSignal,
    traceParent?: string,
  ): Promise<ApiAnswer<T>> {
    let response: Dispatcher.ResponseData;
    const headers: Record<string, string> =
      body === undefined ? { authorization } : { authorization, 'content-type': 'application/json' };
    if (traceParent !== undefined) headers['traceparent'] = traceParent;
    try {
      response = await request(new URL(path, base), {
        dispatcher: agent,
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        headersTimeout: limitMs,
        bodyTimeout: limitMs,
        ...(signal === undefined ? {} : { signal }),
      });
    } catch (error) {
      return { kind: 'failed', status: null, detail: error instanceof Error ? error.message : String(error) };
    }
    try {
      const { statusCode } = response;
      if (statusCode >= 200 && statusCode < 300) {
        return { kind: 'ok', body: (statusCode === 204 ? undefined : await response.body.json()) as T };
      }
      const detail = await response.body.text();
      return statusCode >= 400 && statusCode < 500
        ? { kind: 'refused', status: statusCode, detail }
        : { kind: 'failed', status: statusCode, detail };
    } catch (error) {
      // The answer broke off while being read: as good as none.
      return { kind: 'failed', status: null, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  return {
    claimCommands: (serialNumber) =>
      call('GET', `${devicePath(serialNumber)}/Commands?waitSeconds=0`, undefined, timeoutMs),
    report: (serialNumber, report) =>
      call('POST', `${devicePath(serialNumber)}/Telemetry`, report, timeoutMs),
    reportBatch: (serialNumber, reports) =>
      call('POST', `${devicePath(serialNumber)}/Telemetry/Batch`, { reports }, timeoutMs),
    acknowledge: (serialNumber, commandId, ack, traceParent) =>
      call(
        'POST',
        `${devicePath(serialNumber)}/Commands/${commandId}/Ack`,
        ack,
        timeoutMs,
        undefined,
        traceParent,
      ),
    pollCommands: (serialNumbers, waitSeconds, signal) =>
      call(
        'POST',
        'Gateway/Commands/Poll',
        { serialNumbers, waitSeconds },
        waitSeconds * 1000 + timeoutMs,
        signal,
      ),
    close: () => agent.close(),
  };
}
