import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HubConnection } from '@microsoft/signalr';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { TeltonikaTracker } from '@sentinel/teltonika/tracker';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIVE_MESSAGE, ROLE } from '@sentinel/domain';
import type { DeviceCommandStatusMessage, LockResult } from '@sentinel/domain';
import { isDemoImei } from '../db/seed';
import {
  addTrackedVehicle,
  hubConnection,
  nextMessage,
  signIn,
  startApi,
  stopApi,
} from '../live/test-support';
import type { RunningApi, TrackedVehicle } from '../live/test-support';
import { startGatewayProcess } from '../telemetry/simulator/gateway-process';
import type { GatewayProcess } from '../telemetry/simulator/gateway-process';
import { startVehicleTracker } from '../telemetry/simulator/teltonika-tracker';
import { COMMAND_ID, COMMAND_STATUS, HUB_MESSAGE } from './command-spans';
import { installTracing, stopTracing, tracingSettings } from './setup';

const GATEWAY_KEY = 'a-gateway-key-for-the-traced-gateway';
const exporter = new InMemorySpanExporter();
let api: RunningApi;
let agent: string;
let hub: HubConnection;

beforeAll(async () => {
  // What startTracing does with the OTLP exporter, with one that keeps the spans here.
  installTracing([new SimpleSpanProcessor(exporter)]);
  // A lock through the gateway goes out at once, whatever speed the seed gave its vehicle.
  api = await startApi({ gatewayKey: GATEWAY_KEY, commands: { lockMaxSpeedKmh: 100_000 } });
  agent = (await signIn(api.url, ROLE.technicalAgent)).accessToken;
  hub = hubConnection(api.url, agent);
  await hub.start();
});

afterAll(async () => {
  await hub.stop();
  await stopApi(api);
  // The worker runs other test files next: they run untraced, as the api does by default.
  await stopTracing();
});

function lock(vehicle: TrackedVehicle, headers: Record<string, string> = {}) {
  return fetch(`${api.url}/Vehicles/${vehicle.vehicleId}/Lock`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${agent}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ reason: 'Test' }),
  });
}

function fetchCommands(vehicle: TrackedVehicle) {
  return fetch(`${api.url}/Devices/${vehicle.serialNumber}/Commands?waitSeconds=0`, {
    headers: { authorization: `Device ${vehicle.deviceKey}` },
  });
}

/**
 * The device's answer, its body sent only after the api has read the headers and answered
 * 100 Continue: the body then arrives in socket events of its own, as a slow device's does.
 */
function ack(vehicle: TrackedVehicle, commandId: number, body: object): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(
      `${api.url}/Devices/${vehicle.serialNumber}/Commands/${commandId}/Ack`,
      {
        method: 'POST',
        headers: {
          authorization: `Device ${vehicle.deviceKey}`,
          'content-type': 'application/json',
          expect: '100-continue',
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('continue', () => sent.end(JSON.stringify(body)));
    sent.on('error', reject);
    sent.flushHeaders();
  });
}

const idOf = (span: ReadableSpan) => span.spanContext().spanId;
const traceOf = (span: ReadableSpan) => span.spanContext().traceId;
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

/** The one finished span of this name that matches; waits for it (a hub send ends after the client has it). */
async function span(name: string, matches: (span: ReadableSpan) => boolean = () => true) {
  return vi.waitFor(
    () => {
      const found = exporter.getFinishedSpans().filter((each) => each.name === name && matches(each));
      expect(found.map((each) => each.name)).toEqual([name]);
      return found[0] as ReadableSpan;
    },
    { timeout: 5_000, interval: 10 },
  );
}

describe('given tracing is on', () => {
  it('follows a lock command in one trace: the request, the command, its fetch, its answer and the hub messages', async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const confirmed = nextMessage<DeviceCommandStatusMessage>(
      hub,
      LIVE_MESSAGE.commandStatus,
      (message) => message.vehicleId === vehicle.vehicleId && message.status === 'Confirmed',
    );

    const asked = await lock(vehicle);
    expect(asked.status).toBe(202);
    const { command } = (await asked.json()) as LockResult;
    expect((await fetchCommands(vehicle)).status).toBe(200);
    expect(await ack(vehicle, command.id, { status: 'Confirmed', locked: true })).toBe(200);
    await confirmed;

    const ofCommand = (each: ReadableSpan) => each.attributes[COMMAND_ID] === command.id;
    const issue = await span('command issue', ofCommand);
    const delivery = await span('command delivery', ofCommand);
    const answer = await span('command acknowledgement', ofCommand);
    const trace = traceOf(issue);
    const request = await span('PUT /Vehicles/:id/Lock', (each) => traceOf(each) === trace);

    // The staff member's request is the root; the command is its child.
    expect(request.kind).toBe(SpanKind.SERVER);
    expect(request.parentSpanContext).toBeUndefined();
    expect(request.attributes['http.response.status_code']).toBe(202);
    expect(parentOf(issue)).toBe(idOf(request));
    expect(issue.attributes[COMMAND_STATUS]).toBe('Pending');

    // The device's fetch and its answer, each in a request of its own, continue the command's trace
    // and link to that request.
    const poll = await span('GET /Devices/:serialNumber/Commands', (each) =>
      delivery.links.some((link) => link.context.spanId === idOf(each)),
    );
    const answered = await span('POST /Devices/:serialNumber/Commands/:commandId/Ack', (each) =>
      answer.links.some((link) => link.context.spanId === idOf(each)),
    );
    expect([traceOf(delivery), traceOf(answer)]).toEqual([trace, trace]);
    expect([parentOf(delivery), parentOf(answer)]).toEqual([idOf(issue), idOf(issue)]);
    expect(answer.attributes[COMMAND_STATUS]).toBe('Confirmed');
    expect(traceOf(poll)).not.toBe(trace);
    expect(traceOf(answered)).not.toBe(trace);

    // Each hub message about the command is the child of the step that sent it: Pending of the
    // issue, Delivered of the fetch, the outcome and the vehicle's lock state of the answer.
    const statusSends = (parent: ReadableSpan) =>
      span(`hub send ${LIVE_MESSAGE.commandStatus}`, (each) => parentOf(each) === idOf(parent));
    const sends = [
      await statusSends(issue),
      await statusSends(delivery),
      await statusSends(answer),
      await span(`hub send ${LIVE_MESSAGE.lockUnlock}`, (each) => parentOf(each) === idOf(answer)),
    ];
    expect(sends.map(traceOf)).toEqual([trace, trace, trace, trace]);
    expect(sends.map((each) => each.kind)).toEqual([
      SpanKind.PRODUCER,
      SpanKind.PRODUCER,
      SpanKind.PRODUCER,
      SpanKind.PRODUCER,
    ]);
    expect(sends[2]?.attributes[HUB_MESSAGE]).toBe(LIVE_MESSAGE.commandStatus);
  });

  it("continues the caller's traceparent, and stores the command's with it", async () => {
    const vehicle = await addTrackedVehicle(api.app);
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';

    const asked = await lock(vehicle, { traceparent: `00-${callerTrace}-${callerSpan}-01` });
    expect(asked.status).toBe(202);
    const { command } = (await asked.json()) as LockResult;

    const request = await span('PUT /Vehicles/:id/Lock', (each) => traceOf(each) === callerTrace);
    expect(parentOf(request)).toBe(callerSpan);
    const issue = await span('command issue', (each) => each.attributes[COMMAND_ID] === command.id);
    const stored = await api.app.db
      .selectFrom('deviceCommands')
      .select('traceParent')
      .where('id', '=', command.id)
      .executeTakeFirstOrThrow();
    expect(stored.traceParent).toBe(`00-${callerTrace}-${idOf(issue)}-01`);
  });

  it('records no path, query or header of a request, only its method, route and status', () => {
    const requests = exporter.getFinishedSpans().filter((each) => each.kind === SpanKind.SERVER);
    expect(requests.length).toBeGreaterThan(0);
    const recorded = new Set(requests.flatMap((each) => Object.keys(each.attributes)));
    expect([...recorded].sort()).toEqual(['http.request.method', 'http.response.status_code', 'http.route']);
  });
});

/*
 * A Teltonika tracker's lock goes through the device gateway (apps/device-gateway, in-process with a
 * tracer provider and exporter of its own): the api hands the command's stored traceparent to the
 * gateway's poll, the gateway's "command send" (the Codec 12 frame) and "command answer" continue
 * it, and the answer's POST .../Ack carries the answer span's traceparent.
 */
/** A span as the gateway exported it over OTLP/HTTP (JSON), read by the collector below. */
interface ExportedSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  /** OTLP's numbering: 3 client, 4 producer. */
  kind: number;
  attributes: Record<string, unknown>;
  service: unknown;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: {
      spans?: {
        name: string;
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        kind: number;
        attributes?: OtlpAttribute[];
      }[];
    }[];
  }[];
}

const valueOf = (value: OtlpValue) =>
  value.stringValue ??
  (value.intValue === undefined ? undefined : Number(value.intValue)) ??
  value.doubleValue ??
  value.boolValue;
const attributesOf = (list: OtlpAttribute[] = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, valueOf(value)]));

/** A stand-in of an OpenTelemetry collector's OTLP/HTTP traces endpoint, keeping what it is sent. */
async function startCollector(): Promise<{ url: string; spans: ExportedSpan[]; close(): Promise<void> }> {
  const spans: ExportedSpan[] = [];
  const server = createServer((incoming, answer) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const sent = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
      for (const resource of sent.resourceSpans ?? []) {
        const service = attributesOf(resource.resource?.attributes)['service.name'];
        for (const scope of resource.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            spans.push({
              name: span.name,
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId ?? '',
              kind: span.kind,
              attributes: attributesOf(span.attributes),
              service,
            });
          }
        }
      }
      answer.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('given a Teltonika tracker behind the device gateway, which exports its spans to a collector', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let gateway: GatewayProcess;
  let tracker: TeltonikaTracker;
  let imei: string;
  let vehicleId: number;

  beforeAll(async () => {
    collector = await startCollector();
    // The gateway as `npm start` runs it, with tracing on: its batches leave every 50 ms.
    gateway = await startGatewayProcess(api.url, GATEWAY_KEY, {
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_BSP_SCHEDULE_DELAY: '50',
    });
    const devices = await api.app.db
      .selectFrom('devices')
      .select(['serialNumber', 'vehicleId'])
      .where('active', '=', 1)
      .where('vehicleId', 'is not', null)
      .orderBy('id')
      .execute();
    const demo = devices.find((device) => isDemoImei(device.serialNumber))!;
    imei = demo.serialNumber;
    vehicleId = demo.vehicleId!;
    tracker = startVehicleTracker({
      host: '127.0.0.1',
      port: gateway.teltonikaPort,
      imei,
      immobiliser: { locked: false },
    });
    // Its handshake (which hands over what already waits) is over: a command made now goes out
    // through the gateway's poll, with its trace.
    await vi.waitFor(() => expect(tracker.online).toBe(true), { timeout: 5_000, interval: 10 });
  });

  afterAll(async () => {
    tracker?.close();
    await gateway?.stop();
    await collector?.close();
  });

  async function command(type: 'Lock' | 'Unlock') {
    const asked = await fetch(`${api.url}/Vehicles/${vehicleId}/${type}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${agent}`, 'content-type': 'application/json' },
      body: JSON.stringify(type === 'Lock' ? { reason: 'Test' } : {}),
    });
    expect(asked.status).toBe(202);
    return ((await asked.json()) as LockResult).command;
  }

  /** The one span of this name the gateway exported for the command; waits for its batch. */
  function exported(name: string, commandId: number) {
    return vi.waitFor(
      () => {
        const found = collector.spans.filter(
          (each) => each.name === name && each.attributes[COMMAND_ID] === commandId,
        );
        expect(found.map((each) => each.name)).toEqual([name]);
        return found[0]!;
      },
      { timeout: 5_000, interval: 10 },
    );
  }

  it("follows its lock in one trace: the request, the command, the gateway's send, the tracker's answer, the acknowledgement and its hub messages", async () => {
    const { id } = await command('Lock');
    const ofCommand = (each: ReadableSpan) => each.attributes[COMMAND_ID] === id;

    const issue = await span('command issue', ofCommand);
    const trace = traceOf(issue);
    const request = await span('PUT /Vehicles/:id/Lock', (each) => traceOf(each) === trace);
    expect(request.parentSpanContext).toBeUndefined();
    expect(parentOf(issue)).toBe(idOf(request));

    // The gateway's poll handed it over: the delivery continues the command, linked to the poll.
    const delivery = await span('command delivery', ofCommand);
    expect(parentOf(delivery)).toBe(idOf(issue));
    const poll = await span('POST /Gateway/Commands/Poll', (each) =>
      delivery.links.some((link) => link.context.spanId === idOf(each)),
    );
    expect(traceOf(poll)).not.toBe(trace);

    // The gateway continues the stored trace: the frame's send, then the tracker's answer.
    const send = await exported('command send', id);
    const answer = await exported('command answer', id);
    expect([send.traceId, answer.traceId]).toEqual([trace, trace]);
    expect(send.parentSpanId).toBe(idOf(issue));
    expect(answer.parentSpanId).toBe(send.spanId);
    expect([send.kind, answer.kind]).toEqual([4, 3]);
    expect(answer.attributes[COMMAND_STATUS]).toBe('Confirmed');
    expect([send.service, issue.resource.attributes['service.name']]).toEqual([
      'sentinel-device-gateway',
      'sentinel-api',
    ]);

    // The answer's report to the api continues the answer span; the acknowledgement is its work.
    const acked = await span(
      'POST /Devices/:serialNumber/Commands/:commandId/Ack',
      (each) => traceOf(each) === trace,
    );
    const acknowledgement = await span('command acknowledgement', ofCommand);
    expect(parentOf(acked)).toBe(answer.spanId);
    expect(parentOf(acknowledgement)).toBe(idOf(acked));
    expect(traceOf(acknowledgement)).toBe(trace);
    expect(acknowledgement.links).toEqual([]);
    expect(acknowledgement.attributes[COMMAND_STATUS]).toBe('Confirmed');

    // Its hub messages, the outcome and the vehicle's lock state, are its children.
    const sends = [
      await span(
        `hub send ${LIVE_MESSAGE.commandStatus}`,
        (each) => parentOf(each) === idOf(acknowledgement),
      ),
      await span(`hub send ${LIVE_MESSAGE.lockUnlock}`, (each) => parentOf(each) === idOf(acknowledgement)),
    ];
    expect(sends.map(traceOf)).toEqual([trace, trace]);

    // The gateway's spans say which command, never which device.
    expect(JSON.stringify(collector.spans)).not.toContain(imei);
  });
});

describe('the tracing settings', () => {
  it('leave tracing off without an OTLP endpoint, or with OTEL_SDK_DISABLED', () => {
    expect(tracingSettings({})).toBeUndefined();
    expect(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBeUndefined();
    expect(
      tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBeUndefined();
  });

  it("send to the endpoint's traces path, as sentinel-api unless OTEL_SERVICE_NAME says otherwise", () => {
    expect(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toEqual({
      tracesUrl: 'http://collector:4318/v1/traces',
      serviceName: 'sentinel-api',
    });
    expect(
      tracingSettings({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example.test/otlp',
        OTEL_SERVICE_NAME: 'sentinel-api-eu',
      }),
    ).toEqual({ tracesUrl: 'https://traces.example.test/otlp', serviceName: 'sentinel-api-eu' });
  });

  it('name the setting that is not an http URL', () => {
    expect(() => tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT must be an http or https URL/,
    );
    expect(() => tracingSettings({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'not a url' })).toThrow(
      /OTEL_EXPORTER_OTLP_TRACES_ENDPOINT must be a URL/,
    );
  });
});
