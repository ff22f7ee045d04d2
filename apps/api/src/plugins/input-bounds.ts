/*
 * Two bounds every request input gets, whoever wrote its route, so odd input is a 400 and never
 * reaches the database as an error (both were 500s on PostgreSQL, found by the fuzzer in src/fuzz):
 * - every integer a route reads (params, query, body) without its own bounds is held to
 *   PostgreSQL's `integer` (-2147483648..2147483647), the type of every id column;
 * - no text may carry a NUL character, which PostgreSQL's text type refuses;
 * - no input may nest objects or arrays deeper than MAX_INPUT_DEPTH (a body nested a few thousand
 *   levels overflowed the stack of the NUL check and answered 500). A JSON body's nesting is
 *   measured on its text, before it is parsed: JSON.parse of a 28 MB import body nested ten
 *   million levels held the server's thread for 6.6 s, every other request waiting, only for the
 *   check after it to refuse the body.
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

const tooDeep = (path: string): InputFault => ({
  path,
  message: `Must not nest deeper than ${MAX_INPUT_DEPTH} levels`,
});

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
    if (next.depth === MAX_INPUT_DEPTH) return tooDeep(next.path);
    // Pushed in reverse, so the first field is looked at first and the path named is the first fault.
    const children = Object.entries(next.value);
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const [key, child] = children[index]!;
      pending.push({ value: child, path: `${next.path}/${key}`, depth: next.depth + 1 });
    }
  }
  return undefined;
}

const OPEN_OBJECT = 0x7b; // {
const CLOSE_OBJECT = 0x7d; // }
const OPEN_ARRAY = 0x5b; // [
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const COMMA = 0x2c; // ,

/**
 * The first object or array of the JSON `text` nested past MAX_INPUT_DEPTH, with the path
 * inputFault would name for it; undefined when there is none. It reads the text without parsing
 * it, so a crafted body is refused after a few dozen characters rather than after JSON.parse has
 * built all of it; text that is not JSON is left for the parser to refuse. Inside a string it
 * jumps from one quote or backslash to the next with indexOf, so the long base64 text of an import
 * file costs one native search; each search's answer is kept until the reading passes it, so a
 * text of a million backslashes is not searched to its end a million times.
 */
export function textNestingFault(text: string): InputFault | undefined {
  // One entry per open object or array: whether it is an object, the index of its current item
  // (arrays) and where its current key starts and ends in the text (objects; -1 before the first).
  const isObject: boolean[] = [];
  const item: number[] = [];
  const keyStart: number[] = [];
  const keyEnd: number[] = [];
  const awaitsKey: boolean[] = [];
  let depth = 0;
  let nextQuote = -1;
  let nextBackslash = -1;

  /** The index of the quote that ends the string whose first character is at `from`. */
  const endOfString = (from: number): number => {
    let at = from;
    for (;;) {
      if (nextQuote < at) {
        nextQuote = text.indexOf('"', at);
        if (nextQuote === -1) nextQuote = text.length;
      }
      if (nextBackslash < at) {
        nextBackslash = text.indexOf('\\', at);
        if (nextBackslash === -1) nextBackslash = text.length;
      }
      if (nextBackslash >= nextQuote) return nextQuote;
      at = nextBackslash + 2; // the escaped character, a quote perhaps, is not the end
    }
  };

  /** The path to the innermost open object or array's current item, e.g. '/companyId/0/0'. */
  const pathHere = (): string => {
    let path = '';
    for (let level = 0; level < depth; level += 1) {
      if (!isObject[level]) path += `/${item[level]}`;
      else if (keyStart[level]! >= 0) {
        const quoted = text.slice(keyStart[level], keyEnd[level]! + 1);
        let key: unknown;
        try {
          key = JSON.parse(quoted);
        } catch {
          key = quoted.slice(1, -1);
        }
        path += `/${String(key)}`;
      }
    }
    return path;
  };

  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      const end = endOfString(at + 1);
      if (depth > 0 && isObject[depth - 1] && awaitsKey[depth - 1]) {
        keyStart[depth - 1] = at;
        keyEnd[depth - 1] = end;
        awaitsKey[depth - 1] = false;
      }
      at = end;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (depth === MAX_INPUT_DEPTH) return tooDeep(pathHere());
      isObject[depth] = code === OPEN_OBJECT;
      item[depth] = 0;
      keyStart[depth] = -1;
      keyEnd[depth] = -1;
      awaitsKey[depth] = true;
      depth += 1;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      if (depth > 0) depth -= 1;
    } else if (code === COMMA && depth > 0) {
      item[depth - 1]! += 1;
      awaitsKey[depth - 1] = true;
    }
  }
  return undefined;
}

/** The api's input fault as the 400 every route answers for it. */
const faultError = (fault: InputFault) =>
  new ApiError('validation', { [fieldName(fault.path)]: [fault.message] });

export const inputBoundsPlugin = fp(
  (app, _options, done) => {
    // Fastify's own JSON parser (secure-json-parse, refusing __proto__ and constructor.prototype
    // keys; an empty body and text that is not JSON answered as before), run once the text's
    // nesting is known to be within bounds.
    const parseJson = app.getDefaultJsonParser(
      app.initialConfig.onProtoPoisoning ?? 'error',
      app.initialConfig.onConstructorPoisoning ?? 'error',
    );
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, parsed) => {
      const text = body.toString(); // a string already: parseAs says so
      const fault = textNestingFault(text);
      if (fault === undefined) return parseJson(request, text, parsed);
      parsed(faultError(fault), undefined);
      return undefined;
    });
    app.addHook('onRoute', (route) => {
      const schema = route.schema;
      if (schema === undefined) return;
      for (const part of ['params', 'querystring', 'body'] as const) {
        if (schema[part] !== undefined) schema[part] = boundIntegers(schema[part]);
      }
    });
    // Every input once parsed, for the NUL rule and for what no JSON parser read (params, query,
    // a body of another type).
    app.addHook('preValidation', async (request) => {
      for (const part of [request.params, request.query, request.body]) {
        const fault = inputFault(part);
        if (fault !== undefined) throw faultError(fault);
      }
    });
    done();
  },
  { name: 'sentinel-input-bounds' },
);
