/*
 * A server span for every request the api answers (the hub's excepted: a connection's stream is
 * the hub's own, and may last hours), named by its route as declared (GET /Vehicles/:vehicleId),
 * continuing the caller's W3C traceparent when it sends one. Only the method, the route template
 * and the status are recorded: a path or a query may hold a link's token or a person's details.
 * Added only when tracing is on (the plugin is registered after tracing starts).
 */
import { SpanKind, SpanStatusCode, context, trace } from '@opentelemetry/api';
import type { Context } from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
} from '@opentelemetry/semantic-conventions';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { HUB_PATH } from '../live/live-hub';
import { flushTracing, tracingInstalled } from './setup';
import { TRACER_NAME, contextFromHeaders } from './spans';

export const requestSpansPlugin = fp(
  (app, _options, done) => {
    if (!tracingInstalled()) return done();
    // Each traced request's context (its span active), until the span ends.
    const traced = new WeakMap<FastifyRequest, Context>();
    const end = (request: FastifyRequest, statusCode: number | undefined) => {
      const active = traced.get(request);
      if (active === undefined) return;
      traced.delete(request);
      const span = trace.getSpan(active);
      if (!span) return;
      if (statusCode === undefined) {
        // The caller hung up before the answer.
        span.setStatus({ code: SpanStatusCode.ERROR, message: 'The client closed the request.' });
      } else {
        span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, statusCode);
        // A 4xx is the caller's mistake, not the server's (OpenTelemetry's HTTP conventions).
        if (statusCode >= 500) {
          span.setAttribute(ATTR_ERROR_TYPE, String(statusCode));
          span.setStatus({ code: SpanStatusCode.ERROR });
        }
      }
      span.end();
    };

    app.addHook('onRequest', (request, reply, next) => {
      // The hub answered it on the raw response already (its hook comes first).
      if (reply.sent || request.url.toLowerCase().startsWith(HUB_PATH.toLowerCase())) return next();
      const route = request.is404 ? undefined : request.routeOptions.url;
      const parent = contextFromHeaders(request.headers);
      const span = trace.getTracer(TRACER_NAME).startSpan(
        route === undefined ? request.method : `${request.method} ${route}`,
        {
          kind: SpanKind.SERVER,
          attributes: {
            [ATTR_HTTP_REQUEST_METHOD]: request.method,
            ...(route === undefined ? {} : { [ATTR_HTTP_ROUTE]: route }),
          },
        },
        parent,
      );
      const active = trace.setSpan(parent, span);
      traced.set(request, active);
      // The rest of the request runs with its span active, so the spans its work starts are its
      // children. Fastify keeps the context across reading the body (its parser runs in an
      // AsyncResource of the request), however late the body comes.
      context.with(active, next);
    });
    app.addHook('onResponse', (request, reply, next) => {
      end(request, reply.statusCode);
      next();
    });
    app.addHook('onRequestAbort', (request, next) => {
      end(request, undefined);
      next();
    });
    // The last batch of spans reaches the collector before the process ends.
    app.addHook('onClose', async () => {
      await flushTracing();
    });
    done();
  },
  { name: 'sentinel-request-spans' },
);
