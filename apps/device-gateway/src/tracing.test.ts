// The join itself, api and gateway in one trace, is proven in apps/api/src/tracing/tracing.test.ts.
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from './config';
import {
  installTracing,
  startCommandAnswer,
  startCommandSend,
  stopTracing,
  tracingInstalled,
  tracingSettings,
} from './tracing';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const LOCK = { id: 7, type: 'Lock', traceParent: `00-${TRACE}-00f067aa0ba902b7-01` } as const;

afterEach(async () => {
  await stopTracing();
});

describe('the tracing settings', () => {
  it('leave tracing off without an OTLP endpoint, or with OTEL_SDK_DISABLED', () => {
    expect(tracingSettings({})).toBeUndefined();
    expect(
      tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBeUndefined();
    expect(readConfig({ GATEWAY_KEY: 'dev-key' }).tracing).toBeUndefined();
  });

  it("send to the endpoint's traces path, as sentinel-device-gateway unless OTEL_SERVICE_NAME says otherwise", () => {
    expect(
      readConfig({ GATEWAY_KEY: 'dev-key', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing,
    ).toEqual({
      tracesUrl: 'http://collector:4318/v1/traces',
      serviceName: 'sentinel-device-gateway',
    });
    expect(
      tracingSettings({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example.test/otlp',
        OTEL_SERVICE_NAME: 'gateway-eu',
      }),
    ).toEqual({ tracesUrl: 'https://traces.example.test/otlp', serviceName: 'gateway-eu' });
  });

  it('stop the start naming the setting that is not an http URL', () => {
    expect(() =>
      readConfig({ GATEWAY_KEY: 'dev-key', OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }),
    ).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT must be an http or https URL/);
  });
});

describe('the command spans', () => {
  it('are not made while tracing is off', () => {
    expect(tracingInstalled()).toBe(false);
    expect(startCommandSend(LOCK)).toBeUndefined();
  });

  it('continue the traceparent handed with the command, and hand theirs on to the answer', () => {
    const exporter = new InMemorySpanExporter();
    installTracing([new SimpleSpanProcessor(exporter)]);

    const send = startCommandSend(LOCK);
    send?.end();
    const answer = startCommandAnswer(send, LOCK, 'Confirmed');
    answer?.span.end();

    const [sent, answered] = exporter.getFinishedSpans();
    expect(sent?.spanContext().traceId).toBe(TRACE);
    expect(sent?.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(answered?.parentSpanContext?.spanId).toBe(sent?.spanContext().spanId);
    expect(answer?.traceParent).toBe(`00-${TRACE}-${answered?.spanContext().spanId}-01`);
  });

  it('are not made for a command that came without a trace, or with a malformed one', () => {
    const exporter = new InMemorySpanExporter();
    installTracing([new SimpleSpanProcessor(exporter)]);

    expect(startCommandSend({ id: 8, type: 'Unlock' })).toBeUndefined();
    expect(startCommandSend({ id: 9, type: 'Unlock', traceParent: 'not-a-traceparent' })).toBeUndefined();
    expect(startCommandAnswer(undefined, { id: 8, type: 'Unlock' }, 'Confirmed')).toBeUndefined();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
