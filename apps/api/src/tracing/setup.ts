/*
 * OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
 * is set. On, the global tracer provider sends its spans in batches to that collector by OTLP over
 * HTTP; off, nothing is installed: no hook is added to the server and no span is started anywhere
 * (the helpers in spans.ts check tracingInstalled() first), so the api pays nothing for it.
 *
 * The spans are made by hand at the few places that tell a command's story (request-spans.ts,
 * spans.ts) rather than by auto-instrumentation, which needs a --require hook that patches modules
 * before they load: this way they cost only where they are, say what the product does, and a test
 * can read them.
 */
import { context, propagation, trace } from '@opentelemetry/api';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-node';
import {
  atMost,
  otlpBatchProcessor,
  serviceResource,
  tracingSettings as sharedTracingSettings,
} from '@sentinel/observability/tracing';
import type { TracingSettings } from '@sentinel/observability/tracing';

export const DEFAULT_SERVICE_NAME = 'sentinel-api';

/** The longest closing the api waits for the last spans to reach the collector. */
const FLUSH_TIMEOUT_MS = 5_000;

export type { TracingSettings };

/**
 * The tracing settings (@sentinel/observability's, the gateway's too), or undefined when tracing is
 * off; throws, naming the setting, for one that is not an http(s) URL.
 */
export function tracingSettings(env: NodeJS.ProcessEnv = process.env): TracingSettings | undefined {
  return sharedTracingSettings(env, DEFAULT_SERVICE_NAME);
}

let installed: NodeTracerProvider | undefined;

/** True while a tracer provider is installed (tracing is on). */
export function tracingInstalled(): boolean {
  return installed !== undefined;
}

/**
 * Installs the global tracer provider with these span processors, the AsyncLocalStorage context
 * manager (so a span started in a request is the parent of those its work starts) and the W3C
 * trace-context propagator. startTracing uses it with the OTLP exporter; a test with an in-memory one.
 */
export function installTracing(
  processors: SpanProcessor[],
  serviceName: string = DEFAULT_SERVICE_NAME,
): NodeTracerProvider {
  if (installed) throw new Error('Tracing is already installed.');
  // service.instance.id tells two api instances apart; OTEL_RESOURCE_ATTRIBUTES adds the rest.
  const provider = new NodeTracerProvider({
    resource: serviceResource(serviceName),
    spanProcessors: processors,
  });
  provider.register();
  installed = provider;
  return provider;
}

/**
 * Starts tracing when the settings ask for it (see tracingSettings): before the app is built, so
 * its plugin adds the request hooks. Answers whether tracing is on.
 */
export function startTracing(env: NodeJS.ProcessEnv = process.env): boolean {
  const settings = tracingSettings(env);
  if (!settings) return false;
  installTracing([otlpBatchProcessor(settings)], settings.serviceName);
  return true;
}

/** Sends the spans still waiting in a batch (the api is closing); waits FLUSH_TIMEOUT_MS at most. */
export async function flushTracing(): Promise<void> {
  if (!installed) return;
  await atMost(installed.forceFlush(), FLUSH_TIMEOUT_MS);
}

/** Flushes, shuts the provider down and removes it and the global context manager and propagator. */
export async function stopTracing(): Promise<void> {
  const provider = installed;
  if (!provider) return;
  installed = undefined;
  trace.disable();
  context.disable();
  propagation.disable();
  await provider.shutdown();
}
