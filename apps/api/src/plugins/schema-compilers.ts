/*
 * Fastify compiles a validator (ajv) and a serializer (fast-json-stringify) for each route schema of
 * each api it builds: about 0.75 s of a core for this api's routes. A server process builds one api,
 * but a test process builds hundreds (every test file, every test host's api), so these factories
 * keep each compiled function for the next api of the process with the same shared schemas, the same
 * compiler options and the same route schema (compared as JSON, so a schema built per api from its
 * options compiles on its own). They are fastify's own compilers otherwise: the same ajv options,
 * the same fast-json-stringify, the same answers.
 */
import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;

/** What a route's schema is compiled with: fastify passes these to both kinds of compiler. */
interface RouteSchema {
  schema: unknown;
  method: string;
  url: string;
  httpPart?: string;
  httpStatus?: string;
  contentType?: string;
}
type Compile = (route: RouteSchema) => unknown;
type BuildCompiler = (externalSchemas: unknown, options?: Record<string, unknown>) => Compile;

/** What one kind of compiler made, by its set-up (shared schemas and options), then by route schema. */
function compiledBySetUp(): (setUp: string) => Map<string, unknown> {
  const bySetUp = new Map<string, Map<string, unknown>>();
  return (setUp) => {
    let compiled = bySetUp.get(setUp);
    if (compiled === undefined) {
      compiled = new Map();
      bySetUp.set(setUp, compiled);
    }
    return compiled;
  };
}

/** `compile(route)` the first time a route schema is seen under a set-up, the same function after. */
function once(compiled: Map<string, unknown>, key: string, compile: () => unknown): unknown {
  if (!compiled.has(key)) compiled.set(key, compile());
  return compiled.get(key);
}

const validators = compiledBySetUp();
const serializers = compiledBySetUp();
// Fastify's defaults, made once per process instead of once per api.
const defaultValidatorBuilder = AjvCompiler() as unknown as BuildCompiler;
const defaultSerializerBuilder = SerializerSelector() as unknown as BuildCompiler;

const buildValidator: BuildCompiler = (externalSchemas, options) => {
  const compile = defaultValidatorBuilder(externalSchemas, options);
  // Plugins and onCreate are functions, which JSON cannot tell apart: such a set-up is not shared.
  const plugins = options?.['plugins'];
  const shareable = (!Array.isArray(plugins) || plugins.length === 0) && options?.['onCreate'] === undefined;
  const compiled = validators(
    JSON.stringify([externalSchemas, options?.['customOptions'], options?.['mode']]),
  );
  return (route) => {
    if (route.httpPart === 'headers') {
      // Fastify lower-cases a header schema's names before its own compiler sees them, and not
      // before a factory's; no route here declares one, and a new one fails here, not silently.
      throw new Error(
        `${route.method} ${route.url}: read request headers in the handler, not through a schema`,
      );
    }
    if (!shareable) return compile(route);
    return once(compiled, JSON.stringify([route.httpPart, route.schema]), () => compile(route));
  };
};

const buildSerializer: BuildCompiler = (externalSchemas, options) => {
  const compile = defaultSerializerBuilder(externalSchemas, options);
  const compiled = serializers(JSON.stringify([externalSchemas, options]));
  return (route) =>
    once(compiled, JSON.stringify([route.httpStatus, route.contentType, route.schema]), () => compile(route));
};

/** Fastify's `schemaController` option with the compilers above. */
export const sharedSchemaCompilers = {
  compilersFactory: { buildValidator, buildSerializer },
} as unknown as SchemaController;
