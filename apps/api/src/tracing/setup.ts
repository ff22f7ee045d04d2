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
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
  serviceInstanceIdDetector,
} from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

export const DEFAULT_SERVICE_NAME = 'sentinel-api';

/** The longest closing the api waits for the last spans to reach the collector. */
const FLUSH_TIMEOUT_MS = 5_000;

export interface TracingSettings {
  /** Where the spans go: OTLP over HTTP, the full URL of the collector's traces path. */
  tracesUrl: string;
  /** OTEL_SERVICE_NAME. @default 'sentinel-api' */
  serviceName: string;
}

/**
 * The tracing settings, or undefined when tracing is off. OTEL_EXPORTER_OTLP_ENDPOINT is the
 * collector's base URL (the exporter adds /v1/traces); OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, the
 * standard's signal-specific setting, is used as it is and wins. Throws, naming the setting, for
 * one that is not an http(s) URL.
 */
export function tracingSettings(env: NodeJS.ProcessEnv = process.env): TracingSettings | undefined {
  const tracesEndpoint = env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']?.trim() ?? '';
  const endpoint = env['OTEL_EXPORTER_OTLP_ENDPOINT']?.trim() ?? '';
  if (tracesEndpoint === '' && endpoint === '') return undefined;
  // OTEL_SDK_DISABLED is the standard's off switch for every signal.
  if (env['OTEL_SDK_DISABLED']?.trim().toLowerCase() === 'true') return undefined;
  const tracesUrl =
    tracesEndpoint !== ''
      ? httpUrl('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', tracesEndpoint)
      : `${httpUrl('OTEL_EXPORTER_OTLP_ENDPOINT', endpoint).replace(/\/+$/, '')}/v1/traces`;
  const serviceName = env['OTEL_SERVICE_NAME']?.trim() || DEFAULT_SERVICE_NAME;
  return { tracesUrl, serviceName };
}

function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be a URL such as http://localhost:4318 (got "${value}").`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an http or https URL (OTLP over HTTP).`);
  }
  return value;
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
  const resource = defaultResource()
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }))
    // service.instance.id tells two api instances apart; OTEL_RESOURCE_ATTRIBUTES adds the rest.
    .merge(detectResources({ detectors: [serviceInstanceIdDetector, envDetector] }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: processors });
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
  // The exporter reads the rest of the standard OTLP settings itself (OTEL_EXPORTER_OTLP_HEADERS,
  // _TIMEOUT, _COMPRESSION), and the batch processor its own (OTEL_BSP_*).
  const exporter = new OTLPTraceExporter({ url: settings.tracesUrl });
  installTracing([new BatchSpanProcessor(exporter)], settings.serviceName);
  return true;
}

/** Sends the spans still waiting in a batch (the api is closing); waits FLUSH_TIMEOUT_MS at most. */
export async function flushTracing(): Promise<void> {
  if (!installed) return;
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FLUSH_TIMEOUT_MS);
    timer.unref();
  });
  await Promise.race([installed.forceFlush(), timeUp]);
  clearTimeout(timer);
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
