/*
 * fast-check arbitraries from the JSON schemas of the api's OpenAPI document: values a schema
 * accepts (`valid`), and values it should refuse or that sit on its edges (`invalid`). Only the
 * keywords TypeBox emits for this api are read (type, properties, required, items, enum, anyOf,
 * oneOf, allOf, nullable, $ref, min/max, minLength/maxLength, format, pattern by falling back to
 * plain strings); anything else generates any JSON value.
 */
import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  default?: unknown;
}

export type Components = Record<string, JsonSchema>;

/** Resolves '#/components/schemas/Name' (and a bare 'Name#' left by a shared schema). */
export function resolve(schema: JsonSchema, components: Components): JsonSchema {
  let current = schema;
  for (let depth = 0; current.$ref !== undefined && depth < 20; depth += 1) {
    const name = current.$ref.replace(/^#\/components\/schemas\//, '').replace(/#$/, '');
    const target = components[name];
    if (target === undefined) return {};
    current = target;
  }
  return current;
}

// Values that have broken parsers and databases before: huge numbers, odd text, deep nesting.
const NASTY_STRINGS = [
  '',
  ' ',
  "'",
  "' or 1=1 --",
  '%',
  '\\',
  '\u0000',
  '😀',
  'null',
  '-1',
  '1e20',
  'NaN',
  '((((((((((',
  'x'.repeat(5000),
  '<script>alert(1)</script>',
];
const NASTY_NUMBERS = [0, -1, 1e20, -1e20, 2 ** 31, 2 ** 53, 0.5, Number.MAX_SAFE_INTEGER];

const anyJson: Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...NASTY_STRINGS, ...NASTY_NUMBERS, null, true, false, [], {}),
  fc.jsonValue({ maxDepth: 3 }),
);

function types(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type !== undefined) return [schema.type];
  if (schema.properties !== undefined) return ['object'];
  return [];
}

function isoDateTime(): Arbitrary<string> {
  return fc
    .date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2035-12-31T23:59:59Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString());
}

function validString(schema: JsonSchema): Arbitrary<string> {
  if (schema.format === 'date-time') return isoDateTime();
  if (schema.format === 'date') return isoDateTime().map((text) => text.slice(0, 10));
  if (schema.format === 'email') return fc.emailAddress();
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, minLength + 40);
  return fc.string({ minLength, maxLength });
}

function validNumber(schema: JsonSchema, integer: boolean): Arbitrary<number> {
  const lower =
    typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -1000);
  const upper =
    typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : (schema.maximum ?? 1000);
  const min = Math.ceil(Math.max(lower, -1e6));
  const max = Math.floor(Math.min(upper, 1e6));
  // Small ids hit real rows of the seeded database, not only absent ones.
  const small = fc.integer({ min: Math.max(min, 0), max: Math.max(Math.min(max, 80), Math.max(min, 0)) });
  if (integer) return fc.oneof(fc.integer({ min, max }), small);
  return fc.double({ min: lower, max: upper, noNaN: true, noDefaultInfinity: true });
}

/** A value `schema` accepts. */
export function valid(schema: JsonSchema, components: Components, depth = 0): Arbitrary<unknown> {
  const resolved = resolve(schema, components);
  if (resolved.const !== undefined) return fc.constant(resolved.const);
  if (resolved.enum !== undefined && resolved.enum.length > 0) return fc.constantFrom(...resolved.enum);
  const alternatives = resolved.anyOf ?? resolved.oneOf;
  if (alternatives !== undefined && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((option) => valid(option, components, depth + 1)));
  }
  if (resolved.allOf !== undefined && resolved.allOf.length > 0) {
    return valid(resolved.allOf[0]!, components, depth + 1);
  }
  const base = validOfType(resolved, components, depth);
  return resolved.nullable === true ? fc.option(base, { nil: null }) : base;
}

function validOfType(schema: JsonSchema, components: Components, depth: number): Arbitrary<unknown> {
  const [type = 'any'] = types(schema).filter((name) => name !== 'null');
  switch (type) {
    case 'string':
      return validString(schema);
    case 'integer':
      return validNumber(schema, true);
    case 'number':
      return validNumber(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (depth > 4) return fc.constant([]);
      const items = schema.items === undefined ? anyJson : valid(schema.items, components, depth + 1);
      return fc.array(items, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    }
    case 'object':
      return validObject(schema, components, depth);
    default:
      return anyJson;
  }
}

function validObject(schema: JsonSchema, components: Components, depth: number): Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const shape: Record<string, Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    shape[name] = depth > 4 ? fc.constant(null) : valid(property, components, depth + 1);
  }
  return fc.record(shape, {
    requiredKeys: Object.keys(shape).filter((name) => required.has(name)),
  });
}

/**
 * A value near or past the edges of `schema`: a valid object with a field removed, retyped or
 * added, a number or text out of range, or any JSON at all.
 */
export function invalid(schema: JsonSchema, components: Components): Arbitrary<unknown> {
  const resolved = resolve(schema, components);
  const [type] = types(resolved).filter((name) => name !== 'null');
  const edges: Arbitrary<unknown>[] = [anyJson];
  if (type === 'object' && resolved.properties !== undefined) {
    const names = Object.keys(resolved.properties);
    const object = valid(resolved, components) as Arbitrary<Record<string, unknown>>;
    if (names.length > 0) {
      edges.push(
        fc.tuple(object, fc.constantFrom(...names)).map(([value, name]) => {
          const copy = { ...value };
          delete copy[name];
          return copy;
        }),
        fc
          .tuple(object, fc.constantFrom(...names), anyJson)
          .map(([value, name, wrong]) => ({ ...value, [name]: wrong })),
        // A field name in another case: keys bind case-insensitively.
        fc
          .tuple(object, fc.constantFrom(...names), anyJson)
          .map(([value, name, wrong]) => ({ ...value, [name.toUpperCase()]: wrong })),
      );
    }
    edges.push(
      fc.tuple(object, fc.string({ maxLength: 10 }), anyJson).map(([value, name, extra]) => ({
        ...value,
        [name]: extra,
      })),
    );
  }
  if (type === 'string') {
    edges.push(fc.constantFrom(...NASTY_STRINGS));
    if (resolved.maxLength !== undefined) edges.push(fc.constant('x'.repeat(resolved.maxLength + 1)));
  }
  if (type === 'integer' || type === 'number') {
    edges.push(fc.constantFrom(...NASTY_NUMBERS));
    if (resolved.minimum !== undefined) edges.push(fc.constant(resolved.minimum - 1));
    if (resolved.maximum !== undefined) edges.push(fc.constant(resolved.maximum + 1));
  }
  if (type === 'array') edges.push(fc.array(anyJson, { maxLength: 3 }));
  return fc.oneof(...edges);
}

/** Text for a path segment or query value: the valid value printed, or hostile text. */
export function parameterText(schema: JsonSchema, components: Components): Arbitrary<string> {
  const printed = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  return fc.oneof(
    { weight: 3, arbitrary: valid(schema, components).map(printed) },
    { weight: 1, arbitrary: invalid(schema, components).map(printed) },
    { weight: 1, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  );
}
