/*
 * OpenTelemetry's trace settings and set-up as the api and the device gateway share them: off unless
 * OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set; on, spans go in batches
 * to that collector by OTLP over HTTP, as a service named by OTEL_SERVICE_NAME with an instance id
 * that tells two processes apart. Each server installs its own provider (the api a global one with
 * an async context manager, the gateway a private one) from these pieces.
 */
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
  serviceInstanceIdDetector,
} from '@opentelemetry/resources';
import type { Resource } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

export interface TracingSettings {
  /** Where the spans go: OTLP over HTTP, the full URL of the collector's traces path. */
  tracesUrl: string;
  /** OTEL_SERVICE_NAME, else the server's own name. */
  serviceName: string;
}

/**
 * The tracing settings, or undefined when tracing is off. OTEL_EXPORTER_OTLP_ENDPOINT is the
 * collector's base URL (/v1/traces is added); OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, the standard's
 * signal-specific setting, is used as it is and wins; OTEL_SDK_DISABLED=true, the standard's off
 * switch, turns tracing off. Throws, naming the setting, for one that is not an http(s) URL.
 */
export function tracingSettings(
  env: NodeJS.ProcessEnv,
  defaultServiceName: string,
): TracingSettings | undefined {
  const tracesEndpoint = env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']?.trim() ?? '';
  const endpoint = env['OTEL_EXPORTER_OTLP_ENDPOINT']?.trim() ?? '';
  if (tracesEndpoint === '' && endpoint === '') return undefined;
  if (env['OTEL_SDK_DISABLED']?.trim().toLowerCase() === 'true') return undefined;
  const tracesUrl =
    tracesEndpoint !== ''
      ? httpUrl('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', tracesEndpoint)
      : `${httpUrl('OTEL_EXPORTER_OTLP_ENDPOINT', endpoint).replace(/\/+$/, '')}/v1/traces`;
  const serviceName = env['OTEL_SERVICE_NAME']?.trim() || defaultServiceName;
  return { tracesUrl, serviceName };
}

function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be a URL such as http://localhost:4318; it is '${value}'.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an http or https URL (OTLP over HTTP); it is '${value}'.`);
  }
  return value;
}

/** The service's resource: its name, service.instance.id, and OTEL_RESOURCE_ATTRIBUTES. */
export function serviceResource(serviceName: string): Resource {
  return defaultResource()
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }))
    .merge(detectResources({ detectors: [serviceInstanceIdDetector, envDetector] }));
}

/**
 * The processor that sends spans in batches to the settings' collector. The exporter reads the rest
 * of the standard's settings itself (OTEL_EXPORTER_OTLP_HEADERS, _TIMEOUT, _COMPRESSION), the batch
 * processor its own (OTEL_BSP_*).
 */
export function otlpBatchProcessor(settings: TracingSettings): SpanProcessor {
  return new BatchSpanProcessor(new OTLPTraceExporter({ url: settings.tracesUrl }));
}

/** Waits for `work` at most `ms` (the last spans on the way out must not hold a closing process). */
export async function atMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  await Promise.race([work, timeUp]);
  clearTimeout(timer);
}
