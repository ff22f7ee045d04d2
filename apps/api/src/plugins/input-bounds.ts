/*
 * Two bounds every request input gets, whoever wrote its route, so odd input is a 400 and never
 * reaches the database as an error (both were 500s on PostgreSQL, found by the fuzzer in src/fuzz):
 * - every integer a route reads (params, query, body) without its own bounds is held to
 *   PostgreSQL's `integer` (-2147483648..2147483647), the type of every id column;
 * - no text may carry a NUL character, which PostgreSQL's text type refuses.
 * The bounds are added to a copy of each route's schema, so the OpenAPI document shows them and
 * the contract's schemas, shared with the SDK, stay as declared.
 */
import fp from 'fastify-plugin';
import { ApiError, fieldName } from '../errors';

const INTEGER_MIN = -2_147_483_648;
const INTEGER_MAX = 2_147_483_647;

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isInteger(schema: Schema): boolean {
  const type = schema.type;
  return type === 'integer' || (Array.isArray(type) && type.includes('integer'));
}

/** A copy of `schema` whose integers without bounds get the database's. */
export function boundIntegers(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(boundIntegers);
  if (!isSchema(schema)) return schema;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    copy[key] =
      key === 'properties' || key === 'patternProperties'
        ? Object.fromEntries(
            Object.entries(value as Schema).map(([name, child]) => [name, boundIntegers(child)]),
          )
        : ['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'not'].includes(key)
          ? boundIntegers(value)
          : value;
  }
  // TypeBox marks its schemas with symbol keys; ajv does not need them, Object.entries skips them.
  if (isInteger(schema)) {
    if (copy.maximum === undefined && copy.exclusiveMaximum === undefined) copy.maximum = INTEGER_MAX;
    if (copy.minimum === undefined && copy.exclusiveMinimum === undefined) copy.minimum = INTEGER_MIN;
  }
  return copy;
}

/** The path of the first string holding a NUL character, e.g. '/vehicle/make'; undefined when none does. */
export function nulCharacterAt(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = nulCharacterAt(child, `${path}/${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

export const inputBoundsPlugin = fp(
  (app, _options, done) => {
    app.addHook('onRoute', (route) => {
      const schema = route.schema;
      if (schema === undefined) return;
      for (const part of ['params', 'querystring', 'body'] as const) {
        if (schema[part] !== undefined) schema[part] = boundIntegers(schema[part]);
      }
    });
    app.addHook('preValidation', async (request) => {
      for (const part of [request.params, request.query, request.body]) {
        const path = nulCharacterAt(part);
        if (path !== undefined) {
          throw new ApiError('validation', { [fieldName(path)]: ['Must not contain a NUL character'] });
        }
      }
    });
    done();
  },
  { name: 'sentinel-input-bounds' },
);
