import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODEC_8_EXTENDED, FMB_IO } from '@sentinel/teltonika';
import { parsePrometheusText, sumSamples } from '@sentinel/observability/prometheus-text';
import type { RunningGateway } from './gateway';
import { gatewayMetricsSettings } from './metrics';
import { eventually, startGatewayBench } from './testing/gateway-bench';
import type { GatewayBench } from './testing/gateway-bench';
import { TestDevice, avlRecord } from './testing/test-device';

let bench: GatewayBench;
let gateway: RunningGateway;
let metricsUrl: string;

beforeAll(async () => {
  bench = await startGatewayBench();
  gateway = await bench.startGateway({ metrics: { port: 0 } });
  metricsUrl = `http://127.0.0.1:${gateway.metricsPort}/metrics`;
});

afterAll(async () => {
  await bench?.close();
});

/** A sample's value, summed over the series whose labels include these (0 when there is none). */
async function figure(name: string, labels: Record<string, string> = {}): Promise<number> {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  return sumSamples(parsePrometheusText(await response.text()), name, labels);
}

describe('the metrics listener', () => {
  it("answers the process's default figures, and nothing but GET /metrics", async () => {
    const text = await (await fetch(metricsUrl)).text();
    const other = await fetch(metricsUrl.replace('/metrics', '/health'));

    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(other.status).toBe(404);
  });

  it("is not on the trackers' HTTP port", async () => {
    const onOsmAndPort = await fetch(`http://127.0.0.1:${gateway.osmandPort}/metrics`);

    expect(onOsmAndPort.status).toBe(404);
  });
});

describe("a tracker's connection, records and commands", () => {
  it('count as they happen, by protocol and outcome', async () => {
    const stored = { protocol: 'teltonika', outcome: 'stored' };
    const before = {
      records: await figure('sentinel_gateway_records_received_total', stored),
      commands: await figure('sentinel_gateway_commands_delivered_total'),
      closed: await figure('sentinel_gateway_connections_closed_total', { reason: 'peer-closed' }),
    };
    const { imei, vehicleId } = await bench.registerDevice();
    const device = await TestDevice.online(gateway.teltonikaPort, imei);
    try {
      expect(await figure('sentinel_gateway_connections', { protocol: 'teltonika' })).toBe(1);
      expect(await figure('sentinel_gateway_devices_online')).toBe(1);

      await bench.lock(vehicleId!);
      expect(await device.command()).toBe('setdigout 1');

      // After the lock: a fix far from the demo vehicle's last would make it seem to move, and hold the lock.
      const record = avlRecord({ latitude: -33.9249, longitude: 18.4241 }, { [FMB_IO.batteryLevel]: 64 });
      expect(await device.report(CODEC_8_EXTENDED, [record])).toBe(1);
      expect(await figure('sentinel_gateway_records_received_total', stored)).toBe(before.records + 1);
      expect(await figure('sentinel_gateway_commands_delivered_total')).toBe(before.commands + 1);
    } finally {
      device.close();
    }
    await eventually(async () =>
      expect(await figure('sentinel_gateway_connections_closed_total', { reason: 'peer-closed' })).toBe(
        before.closed + 1,
      ),
    );
    expect(await figure('sentinel_gateway_connections', { protocol: 'teltonika' })).toBe(0);
  });
});

describe('METRICS_PORT and METRICS_HOST', () => {
  it('leave the metrics off unless a port is set, and refuse what is not a port', () => {
    expect(gatewayMetricsSettings({})).toBeUndefined();
    expect(gatewayMetricsSettings({ METRICS_PORT: '9466' })).toEqual({ port: 9466 });
    expect(() => gatewayMetricsSettings({ METRICS_PORT: '-1' })).toThrow(
      /METRICS_PORT must be a port number/,
    );
    expect(() => gatewayMetricsSettings({ METRICS_HOST: '::' })).toThrow(/METRICS_HOST needs METRICS_PORT/);
  });
});
