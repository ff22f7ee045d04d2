/*
 * The answers any route can give besides its own, documented on every route where the route has
 * not said them itself, so the OpenAPI document lists every status a client can meet (the fuzzer
 * in src/fuzz holds the api to it):
 * - 400: a route that reads params, a query or a body (schema validation, malformed JSON);
 * - 401 and 403: a route behind a token (`security`), before it reads anything;
 * - 404: a route with path params (the record is absent or outside the caller's scope), and 414
 *   when a param is longer than the router takes (Fastify's maxParamLength, 100 characters);
 * - 413: a route that takes a body (Fastify's body limit).
 */
import fp from 'fastify-plugin';
import { ProblemDetailsRef } from '../errors';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const commonAnswersPlugin = fp(
  (app, _options, done) => {
    app.addHook('onRoute', (route) => {
      const schema = route.schema;
      if (schema === undefined || schema.hide === true) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const takesBody = schema.body !== undefined || methods.some((method) => BODY_METHODS.has(method));
      const statuses: number[] = [];
      if (schema.params !== undefined || schema.querystring !== undefined || schema.body !== undefined)
        statuses.push(400);
      if (Array.isArray(schema.security) && schema.security.length > 0) statuses.push(401, 403);
      if (schema.params !== undefined) statuses.push(404, 414);
      if (takesBody) statuses.push(413);
      const response = (schema.response ?? {}) as Record<string, unknown>;
      for (const status of statuses) {
        if (!(status in response) && !(String(status) in response)) response[status] = ProblemDetailsRef;
      }
      schema.response = response;
    });
    done();
  },
  { name: 'sentinel-common-answers' },
);
