/*
 * Every request carries an id: the one nginx (or a caller) sent in X-Request-Id when it is a safe
 * token, else a fresh UUID. Fastify puts it on each log line of the request as `reqId`, and the
 * answer carries it back in X-Request-Id, so a user's report, nginx's access log and the api's
 * lines join on one value.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** The header that carries the id both ways. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * What an incoming id may be: a short token of letters, digits, '.', '_' and '-'. Anything else (a
 * long value, spaces, quotes, a line break) could forge or bloat log lines, so it is replaced.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request's id: the incoming X-Request-Id when safe, else a new UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const incoming = raw.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Fastify's options for the id. requestIdHeader is off because Fastify would take the header as it
 * comes; genReqId reads it and checks it instead. Each line carries it as `reqId`, Fastify's own label.
 */
export const requestIdOptions = {
  requestIdHeader: false,
  genReqId: requestIdOf,
} as const;

/** The logger of the request whose work is running, through every await and queued promise it starts. */
const requestLogs = new AsyncLocalStorage<FastifyBaseLogger>();

/**
 * The logger (with its reqId) of the request that caused the work running now, e.g. a live hub
 * message sent because a request stored a report; undefined for work no request started.
 */
export function causingRequestLog(): FastifyBaseLogger | undefined {
  return requestLogs.getStore();
}

/**
 * Answers the id back and keeps the request's logger for the work it causes. Registered first, on
 * the root instance, so it runs before the live hub's onRequest hook answers its own requests on
 * the raw response.
 */
export function answerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, next) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    requestLogs.run(request.log, next);
  });
}
