/*
 * Two bounds every request input gets, whoever wrote its route, so odd input is a 400 and never
 * reaches the database as an error (both were 500s on PostgreSQL, found by the fuzzer in src/fuzz):
 * - every integer a route reads (params, query, body) without its own bounds is held to
 *   PostgreSQL's `integer` (-2147483648..2147483647), the type of every id column;
 * - no text may carry a NUL character, which PostgreSQL's text type refuses;
 * - no input may nest objects or arrays deeper than MAX_INPUT_DEPTH (a body nested a few thousand
 *   levels overflowed the stack of the NUL check and answered 500).
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

/*
 * The deepest nesting of objects and arrays an input may have. No schema of the contract is
 * recursive and the deepest nests four levels; 32 leaves room for any real input and stops a
 * crafted one long before it costs anything.
 */
export const MAX_INPUT_DEPTH = 32;

/** What is wrong with an input: a NUL character in a text, or nesting past MAX_INPUT_DEPTH. */
export interface InputFault {
  path: string;
  message: string;
}

/**
 * The first fault in `value`, with its path (e.g. '/vehicle/make'); undefined when it has none.
 * The walk keeps its own stack rather than recursing, and never goes past MAX_INPUT_DEPTH, so no
 * input can overflow the call stack.
 */
export function inputFault(value: unknown): InputFault | undefined {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value === 'string') {
      if (next.value.includes('\u0000'))
        return { path: next.path, message: 'Must not contain a NUL character' };
      continue;
    }
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth === MAX_INPUT_DEPTH) {
      return { path: next.path, message: `Must not nest deeper than ${MAX_INPUT_DEPTH} levels` };
    }
    // Pushed in reverse, so the first field is looked at first and the path named is the first fault.
    const children = Object.entries(next.value);
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const [key, child] = children[index]!;
      pending.push({ value: child, path: `${next.path}/${key}`, depth: next.depth + 1 });
    }
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
        const fault = inputFault(part);
        if (fault !== undefined)
          throw new ApiError('validation', { [fieldName(fault.path)]: [fault.message] });
      }
    });
    done();
  },
  { name: 'sentinel-input-bounds' },
);
