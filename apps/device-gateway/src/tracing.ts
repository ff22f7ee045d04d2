/*
 * OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
 * is set, read as the api reads them (apps/api/src/tracing/setup.ts). The gateway adds its steps to
 * a lock command's trace, whose traceparent comes with the command from the api's poll:
 *
 *   command issue                       (api: the stored traceparent handed with the command)
 *   └─ command send                     (here: the Codec 12 frame written to the tracker's connection)
 *      └─ command answer                (here: the tracker's answer, while the api records it)
 *         └─ POST /Devices/:serialNumber/Commands/:commandId/Ack   (api, continuing its traceparent)
 *            └─ command acknowledgement, its hub messages          (api)
 *
 * Every span's parent is given, never found: so, unlike the api, no global tracer provider, context
 * manager or propagator is installed. Nothing asynchronous has to be followed, the telemetry path
 * never meets OpenTelemetry, and a gateway started in the api's process (a test) keeps its own
 * provider and service name. Off, or for a command that came without a trace, no span is made and no
 * header sent. Spans name a command by id and type only: never the device's IMEI.
 */
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Span, Tracer } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import {
  atMost,
  otlpBatchProcessor,
  serviceResource,
  tracingSettings as sharedTracingSettings,
} from '@sentinel/observability/tracing';
import type { TracingSettings } from '@sentinel/observability/tracing';
import type { DeviceCommandAckStatus, DeviceCommandType } from '@sentinel/domain';

export const DEFAULT_SERVICE_NAME = 'sentinel-device-gateway';
/** The instrumentation scope of the gateway's spans. */
export const TRACER_NAME = '@sentinel/device-gateway';

// The api's attribute names (apps/api/src/tracing/command-spans.ts): one query finds a command's
// spans in both services.
export const COMMAND_ID = 'sentinel.command.id';
export const COMMAND_TYPE = 'sentinel.command.type';
export const COMMAND_STATUS = 'sentinel.command.status';

/** The longest closing waits for the last spans to reach the collector. */
const FLUSH_TIMEOUT_MS = 5_000;

export type { TracingSettings };

/**
 * The tracing settings, read as the api reads them (@sentinel/observability), or undefined when
 * tracing is off; throws, naming the setting, for one that is not an http(s) URL.
 */
export function tracingSettings(env: NodeJS.ProcessEnv = process.env): TracingSettings | undefined {
  return sharedTracingSettings(env, DEFAULT_SERVICE_NAME);
}

let installed: { provider: BasicTracerProvider; tracer: Tracer } | undefined;

/** True while tracing is on. */
export function tracingInstalled(): boolean {
  return installed !== undefined;
}

/**
 * Starts the gateway's tracer provider with these span processors: startTracing's OTLP exporter,
 * or a test's in-memory one. Its sampler follows OTEL_TRACES_SAMPLER (default parent-based, so a
 * command the api did not sample is not sampled here either).
 */
export function installTracing(
  processors: SpanProcessor[],
  serviceName: string = DEFAULT_SERVICE_NAME,
): BasicTracerProvider {
  if (installed) throw new Error('Tracing is already installed.');
  // service.instance.id tells gateway instances apart; OTEL_RESOURCE_ATTRIBUTES adds the rest.
  const provider = new BasicTracerProvider({
    resource: serviceResource(serviceName),
    spanProcessors: processors,
  });
  installed = { provider, tracer: provider.getTracer(TRACER_NAME) };
  return provider;
}

/** Starts tracing with the settings read at start (config.ts), sending spans in batches. */
export function startTracing(settings: TracingSettings): void {
  installTracing([otlpBatchProcessor(settings)], settings.serviceName);
}

/** Sends the spans still waiting (FLUSH_TIMEOUT_MS at most) and stops tracing. */
export async function stopTracing(): Promise<void> {
  const stopping = installed;
  if (!stopping) return;
  installed = undefined;
  await atMost(stopping.provider.shutdown(), FLUSH_TIMEOUT_MS);
}

// The W3C format itself: the api writes the traceparent it hands over in it.
const w3c = new W3CTraceContextPropagator();

/**
 * "command send": the command's Codec 12 frame going to the connection that holds its device, the
 * child of the traceparent the api handed with it; the caller ends it when the frame is written.
 * Undefined (nothing to end) when tracing is off or the command came without a trace.
 */
export function startCommandSend(command: {
  id: number;
  type: DeviceCommandType;
  traceParent?: string | undefined;
}): Span | undefined {
  if (installed === undefined || command.traceParent === undefined) return undefined;
  const parent = w3c.extract(
    ROOT_CONTEXT,
    { traceparent: command.traceParent },
    { keys: (carrier) => Object.keys(carrier), get: (carrier, key) => carrier[key] },
  );
  // Not W3C's format: nothing to continue.
  if (trace.getSpanContext(parent) === undefined) return undefined;
  return installed.tracer.startSpan(
    'command send',
    {
      // A message to the device, answered later on the same connection.
      kind: SpanKind.PRODUCER,
      attributes: { [COMMAND_ID]: command.id, [COMMAND_TYPE]: command.type },
    },
    parent,
  );
}

/**
 * "command answer": the device's answer to a command sent in `send`, the child of that span, lasting
 * while the gateway reports it to the api. Answers the span and the traceparent header that report
 * carries; undefined when the send was not traced.
 */
export function startCommandAnswer(
  send: Span | undefined,
  command: { id: number; type: DeviceCommandType },
  status: DeviceCommandAckStatus,
): { span: Span; traceParent: string | undefined } | undefined {
  if (installed === undefined || send === undefined) return undefined;
  const span = installed.tracer.startSpan(
    'command answer',
    {
      // Its work is the call to the api, whose server span is its child.
      kind: SpanKind.CLIENT,
      attributes: { [COMMAND_ID]: command.id, [COMMAND_TYPE]: command.type, [COMMAND_STATUS]: status },
    },
    trace.setSpan(ROOT_CONTEXT, send),
  );
  const carrier: Record<string, string> = {};
  w3c.inject(trace.setSpan(ROOT_CONTEXT, span), carrier, {
    set: (into, key, value) => {
      into[key] = value;
    },
  });
  return { span, traceParent: carrier['traceparent'] };
}

/** Ends the span; with a failure, marked failed by its message (never a device's data). */
export function endSpan(span: Span | undefined, failure?: Error | string | null): void {
  if (span === undefined) return;
  if (failure) {
    if (failure instanceof Error) span.recordException(failure);
    span.setStatus({
      code: SpanStatusCode.ERROR,
      message: failure instanceof Error ? failure.message : failure,
    });
  }
  span.end();
}
