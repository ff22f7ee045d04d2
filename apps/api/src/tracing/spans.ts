/*
 * The two ways a span starts here. inSpan: a step of the work in hand, the child of the active span
 * (a request's, or the step that caused it). inStoredTrace: a later step of something that began in
 * another request, maybe on another instance (a command fetched or answered by its device), the
 * child of the trace context stored with it and linked to the request it happens in. Both make the
 * new span the active one while the work runs, so what the work starts is its child; both do
 * nothing at all when tracing is off.
 */
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, trace } from '@opentelemetry/api';
import type { Attributes, Context, Link, Span, TextMapGetter, TextMapSetter } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { tracingInstalled } from './setup';

/** The instrumentation scope of every span the api makes. */
export const TRACER_NAME = '@sentinel/api';

// The W3C format itself, not whatever propagator is installed globally: a stored traceparent is
// data in the database, and must read the same on every instance.
const w3c = new W3CTraceContextPropagator();

type Carrier = Record<string, string | string[] | undefined>;
const getter: TextMapGetter<Carrier> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => carrier[key],
};
const setter: TextMapSetter<Carrier> = {
  set: (carrier, key, value) => {
    carrier[key] = value;
  },
};

// Asked for each span, not kept: a test may install and remove tracing between two api builds.
function tracer() {
  return trace.getTracer(TRACER_NAME);
}

/** The trace context of request headers (traceparent, tracestate); the root context without one. */
export function contextFromHeaders(headers: Carrier): Context {
  return w3c.extract(ROOT_CONTEXT, headers, getter);
}

/** The active span as a W3C traceparent, to store; null when tracing is off or nothing is traced here. */
export function currentTraceParent(): string | null {
  if (!tracingInstalled()) return null;
  const carrier: Carrier = {};
  w3c.inject(context.active(), carrier, setter);
  const traceParent = carrier['traceparent'];
  return typeof traceParent === 'string' ? traceParent : null;
}

/** The context a stored traceparent names; undefined for none (or one that is not W3C's format). */
function storedContext(traceParent: string | null | undefined): Context | undefined {
  if (!traceParent) return undefined;
  const stored = w3c.extract(ROOT_CONTEXT, { traceparent: traceParent }, getter);
  return trace.getSpanContext(stored) === undefined ? undefined : stored;
}

export interface SpanOptions<R> {
  attributes?: Attributes;
  kind?: SpanKind;
  /** Attributes known once the work is done (the id of what it made, the outcome). */
  resultAttributes?: (result: R) => Attributes;
}

/**
 * Runs work in a span named `name`, the child of the active span, and ends it when the work ends
 * (a promise when it settles); a thrown error marks it failed. With no active span (tracing off,
 * or work nobody asked for in a request, such as the simulator's) the work runs untraced.
 */
export function inSpan<T>(name: string, options: SpanOptions<Awaited<T>>, work: () => T): T {
  if (!tracingInstalled()) return work();
  const parent = context.active();
  if (trace.getSpan(parent) === undefined) return work();
  return runIn(tracer().startSpan(name, spanOptions(options), parent), parent, options, work);
}

/**
 * Runs work in a span that continues the stored trace (its traceparent): the child of the step
 * that stored it, linked to the active span (the request this happens in). Without a stored trace
 * it is inSpan; so it is when the request already continues that trace (a device gateway sends
 * its answer span's traceparent with the acknowledgement): the request is then the nearer parent.
 */
export function inStoredTrace<T>(
  name: string,
  traceParent: string | null | undefined,
  options: SpanOptions<Awaited<T>>,
  work: () => T,
): T {
  if (!tracingInstalled()) return work();
  const parent = storedContext(traceParent);
  const here = trace.getSpanContext(context.active());
  if (!parent || here?.traceId === trace.getSpanContext(parent)?.traceId) {
    return inSpan(name, options, work);
  }
  const links: Link[] = here === undefined ? [] : [{ context: here }];
  return runIn(tracer().startSpan(name, { ...spanOptions(options), links }, parent), parent, options, work);
}

function spanOptions(options: SpanOptions<never>) {
  return { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes ?? {} };
}

function runIn<T>(span: Span, parent: Context, options: SpanOptions<Awaited<T>>, work: () => T): T {
  const done = <V extends T | Awaited<T>>(result: V): V => {
    // A sync work's T is its own Awaited<T> (nothing here answers a thenable that is no promise).
    if (options.resultAttributes) span.setAttributes(options.resultAttributes(result as Awaited<T>));
    span.end();
    return result;
  };
  const failed = (error: unknown): never => {
    failSpan(span, error);
    span.end();
    throw error;
  };
  let result: T;
  try {
    result = context.with(trace.setSpan(parent, span), work);
  } catch (error) {
    return failed(error);
  }
  if (result instanceof Promise) {
    // The same promise type the work answered, settled after the span ends.
    return result.then((value: Awaited<T>) => done(value), failed) as T;
  }
  return done(result);
}

/** Marks a span failed with the error (its type and message; never a request's data). */
export function failSpan(span: Span, error: unknown): void {
  if (error instanceof Error) span.recordException(error);
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
  });
}
