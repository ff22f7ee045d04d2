import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePrometheusText, sumSamples } from '@sentinel/observability/prometheus-text';
import type { Sample } from '@sentinel/observability/prometheus-text';
import type { HubConnection } from '@microsoft/signalr';
import {
  addTrackedVehicle,
  hubConnection,
  postTelemetry,
  signIn,
  startApi,
  stopApi,
} from '../live/test-support';
import type { RunningApi, TrackedVehicle } from '../live/test-support';
import { metricsOptions } from './metrics-settings';

const TOKEN = 'metrics-token-for-the-test-0123456789abcdef';

let api: RunningApi;
let metricsUrl: string;
let vehicle: TrackedVehicle;
let staffToken: string;

beforeAll(async () => {
  // The alarm figures are read again on every scrape, so a test sees an alarm it just raised.
  api = await startApi({ metrics: { port: 0, token: TOKEN, alarmFiguresCacheMs: 0 } });
  metricsUrl = `http://127.0.0.1:${api.app.metrics.port}/metrics`;
  vehicle = await addTrackedVehicle(api.app);
  staffToken = (await signIn(api.url, 'Admin')).accessToken;
});

afterAll(async () => {
  await stopApi(api);
});

async function scrape(): Promise<Sample[]> {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await response.text());
}

const total = sumSamples;

/** Scrapes until the figure passes `above` (work that goes on after an answer, e.g. the outbox). */
async function eventually(name: string, labels: Record<string, string>, above: number): Promise<number> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = total(await scrape(), name, labels);
    if (value > above || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

describe('the metrics listener (METRICS_PORT)', () => {
  it('listens on the loopback interface alone by default', async () => {
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((address) => address?.family === 'IPv4' && !address.internal)?.address;
    // A machine with no other interface has nowhere else to be reached from.
    if (outside !== undefined) {
      await expect(fetch(`http://${outside}:${api.app.metrics.port}/metrics`)).rejects.toThrow();
    }
    expect((await fetch(metricsUrl)).status).toBe(200);
  });

  it("answers the process's default figures: event-loop lag, memory, GC, CPU", async () => {
    const names = new Set((await scrape()).map((sample) => sample.name));

    for (const name of [
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'process_resident_memory_bytes',
      'process_cpu_user_seconds_total',
    ]) {
      expect(names, name).toContain(name);
    }
  });

  it('answers nothing but GET /metrics', async () => {
    const root = await fetch(metricsUrl.replace('/metrics', '/'));
    const post = await fetch(metricsUrl, { method: 'POST' });
    const apiRoute = await fetch(metricsUrl.replace('/metrics', '/health'));

    expect([root.status, post.status, apiRoute.status]).toEqual([404, 404, 404]);
  });
});

describe('GET /metrics on the api port (METRICS_TOKEN)', () => {
  async function onApiPort(authorization?: string) {
    const response = await fetch(`${api.url}/metrics`, {
      headers: authorization === undefined ? {} : { authorization },
    });
    return { status: response.status, body: await response.text() };
  }

  it('answers a caller without the token exactly as a path that does not exist', async () => {
    const unknown = await fetch(`${api.url}/no-such-route`);
    const unknownBody = (await unknown.text()).replace('/no-such-route', '/metrics');

    for (const authorization of [
      undefined,
      'Bearer ',
      'Bearer wrong-token',
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      `Bearer ${staffToken}`,
    ]) {
      const answer = await onApiPort(authorization);
      expect(answer.status, authorization).toBe(404);
      expect(answer.body, authorization).toBe(unknownBody);
    }
  });

  it('answers the same figures to the token', async () => {
    const answer = await onApiPort(`Bearer ${TOKEN}`);

    expect(answer.status).toBe(200);
    expect(answer.body).toContain('# TYPE sentinel_http_request_duration_seconds histogram');
    expect(answer.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });

  it('is not in the OpenAPI document', async () => {
    const document = (await (await fetch(`${api.url}/openapi.json`)).json()) as { paths: object };

    expect(Object.keys(document.paths)).not.toContain('/metrics');
  });
});

describe('the figures, as requests and reports come in', () => {
  it('times requests by route template and status class, never by the path asked for', async () => {
    const before = await scrape();
    const route = { method: 'GET', route: '/Vehicles/:id/Commands', status_class: '2xx' };
    const countOf = (all: Sample[]) => total(all, 'sentinel_http_request_duration_seconds_count', route);

    for (let i = 0; i < 3; i += 1) {
      const response = await fetch(`${api.url}/Vehicles/${vehicle.vehicleId}/Commands`, {
        headers: { authorization: `Bearer ${staffToken}` },
      });
      expect(response.status).toBe(200);
    }
    await fetch(`${api.url}/no-such-route/${vehicle.serialNumber}`);
    const after = await scrape();

    expect(countOf(after) - countOf(before)).toBe(3);
    expect(
      total(after, 'sentinel_http_request_duration_seconds_count', {
        route: 'unmatched',
        status_class: '4xx',
      }),
    ).toBeGreaterThan(total(before, 'sentinel_http_request_duration_seconds_count', { route: 'unmatched' }));
    // No label anywhere holds an id, a serial number, a device key or a token.
    const values = after.flatMap((sample) => Object.values(sample.labels));
    for (const secret of [vehicle.serialNumber, vehicle.deviceKey, staffToken, TOKEN]) {
      expect(values.some((value) => value.includes(secret))).toBe(false);
    }
    const routes = after
      .filter((sample) => sample.name.startsWith('sentinel_http_request_duration_seconds'))
      .map((sample) => sample.labels['route']);
    expect(routes.some((label) => label !== undefined && /\/\d+(\/|$)/.test(label))).toBe(false);
  });

  it('counts a stored report and its lag from its own timestamp', async () => {
    const before = await scrape();

    const response = await postTelemetry(api.url, vehicle, {
      timestamp: ago(2),
      latitudeDegrees: -33.92,
      longitudeDegrees: 18.42,
    });
    expect(response.status).toBe(200);
    const after = await scrape();

    const moved = (name: string) => total(after, name) - total(before, name);
    expect(moved('sentinel_telemetry_reports_ingested_total')).toBe(1);
    expect(moved('sentinel_telemetry_ingestion_lag_seconds_count')).toBe(1);
    expect(moved('sentinel_telemetry_ingestion_lag_seconds_sum')).toBeGreaterThanOrEqual(2);
    // The ingestion ran queries through the timed database.
    expect(moved('sentinel_db_query_duration_seconds_count')).toBeGreaterThan(0);
  });

  it("counts the hub's connections and the messages it sends them", async () => {
    const connection: HubConnection = hubConnection(api.url, staffToken);
    await connection.start();
    try {
      const connected = await scrape();
      expect(total(connected, 'sentinel_hub_connections')).toBe(1);

      await postTelemetry(api.url, vehicle, {
        timestamp: ago(1),
        latitudeDegrees: -33.93,
        longitudeDegrees: 18.43,
      });
      const sent = await eventually(
        'sentinel_hub_messages_sent_total',
        { message: 'DeviceGpsLocationMessage' },
        total(connected, 'sentinel_hub_messages_sent_total', { message: 'DeviceGpsLocationMessage' }),
      );

      expect(sent).toBeGreaterThan(
        total(connected, 'sentinel_hub_messages_sent_total', { message: 'DeviceGpsLocationMessage' }),
      );
    } finally {
      await connection.stop();
    }
    expect(total(await scrape(), 'sentinel_hub_connections')).toBe(0);
  });

  it("shows an Open alarm waiting past its target, and tells its holder's messages", async () => {
    const before = await scrape();

    // A tamper two minutes ago: Tamper's target is 60 s, so the alarm already waits past it.
    const response = await postTelemetry(api.url, vehicle, {
      timestamp: ago(120),
      tamper: { carBatteryState: 'Normal', gpsState: 'Normal' },
    });
    expect(response.status).toBe(200);
    const after = await scrape();

    expect(total(after, 'sentinel_alarm_queue_size', { state: 'Open' })).toBe(
      total(before, 'sentinel_alarm_queue_size', { state: 'Open' }) + 1,
    );
    const age = total(after, 'sentinel_alarm_oldest_open_age_seconds', { kind: 'Tamper' });
    const target = total(after, 'sentinel_alarm_oldest_open_target_seconds', { kind: 'Tamper' });
    expect(target).toBe(60);
    expect(age).toBeGreaterThanOrEqual(120);
    // The holder is texted and e-mailed through the outbox (the development outbox records both).
    const sent = await eventually(
      'sentinel_notification_outcomes_total',
      { outcome: 'sent' },
      total(before, 'sentinel_notification_outcomes_total', { outcome: 'sent' }) + 1,
    );
    expect(sent).toBeGreaterThanOrEqual(
      total(before, 'sentinel_notification_outcomes_total', { outcome: 'sent' }) + 2,
    );
    const channels = (await scrape())
      .filter((sample) => sample.name === 'sentinel_notification_outcomes_total')
      .map((sample) => sample.labels['channel']);
    expect(channels).toEqual(expect.arrayContaining(['sms', 'email']));
  });

  it("counts a command's outcome and its round trip", async () => {
    // A vehicle of its own: the reports above moved the first one, and a moving vehicle's lock waits.
    const parked = await addTrackedVehicle(api.app);
    const before = await scrape();
    const { id: deviceId } = await api.app.db
      .selectFrom('devices')
      .select('id')
      .where('serialNumber', '=', parked.serialNumber)
      .executeTakeFirstOrThrow();
    const device = { id: deviceId, vehicleId: parked.vehicleId };

    const lock = await api.app.commands.request({
      vehicleId: parked.vehicleId,
      deviceId,
      type: 'Lock',
      requestedByUserId: parked.ownerId,
    });
    await api.app.commands.acknowledge(device, lock.id, { status: 'Confirmed', locked: true });
    const unlock = await api.app.commands.request({
      vehicleId: parked.vehicleId,
      deviceId,
      type: 'Unlock',
      requestedByUserId: parked.ownerId,
    });
    await api.app.commands.cancel(parked.vehicleId, unlock.id, parked.ownerId);
    const after = await scrape();

    const moved = (name: string, labels: Record<string, string> = {}) =>
      total(after, name, labels) - total(before, name, labels);
    expect(moved('sentinel_command_outcomes_total', { outcome: 'Confirmed' })).toBe(1);
    expect(moved('sentinel_command_outcomes_total', { outcome: 'Cancelled' })).toBe(1);
    expect(moved('sentinel_command_round_trip_seconds_count')).toBe(1);
  });
});

describe('METRICS_PORT, METRICS_HOST and METRICS_TOKEN', () => {
  it('leave the metrics off unless one is set', () => {
    expect(metricsOptions({})).toEqual({});
  });

  it('read a port, an interface and a token', () => {
    expect(metricsOptions({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5', METRICS_TOKEN: 't' })).toEqual({
      metrics: { port: 9464, host: '10.0.0.5', token: 't' },
    });
  });

  it('refuse a port that is not one, an interface without a port, and a short token in production', () => {
    expect(() => metricsOptions({ METRICS_PORT: '0' })).toThrow(/METRICS_PORT must be a port number/);
    expect(() => metricsOptions({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT must be a port number/);
    expect(() => metricsOptions({ METRICS_HOST: '0.0.0.0' })).toThrow(/METRICS_HOST needs METRICS_PORT/);
    expect(() => metricsOptions({ NODE_ENV: 'production', METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN must have at least 32 characters/,
    );
  });
});
