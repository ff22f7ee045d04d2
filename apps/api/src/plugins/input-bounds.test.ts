import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { build, DEMO_SIGN_INS } from '../index';
import { inputFault, MAX_INPUT_DEPTH, textNestingFault } from './input-bounds';

const ADMIN = DEMO_SIGN_INS.find((user) => user.role === 'Admin')!;

/** `levels` objects nested in one another under the key 'a', with a text at the bottom. */
const deepObject = (levels: number): string => `${'{"a":'.repeat(levels)}"x"${'}'.repeat(levels)}`;
/** `levels` arrays nested in one another. */
const deepArray = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;

let app: FastifyInstance;
let adminToken = '';

beforeAll(async () => {
  app = await build({ seed: true });
  const response = await app.inject({
    method: 'POST',
    url: '/Auth/SignInByEmail',
    payload: { email: ADMIN.email, password: ADMIN.password },
  });
  adminToken = response.json<{ accessToken: string }>().accessToken;
});

afterAll(async () => {
  await app.close();
});

const signIn = (payload: string) =>
  app.inject({
    method: 'POST',
    url: '/Auth/SignInByEmail',
    headers: { 'content-type': 'application/json' },
    payload,
  });

describe('given a body nested thousands of levels deep', () => {
  it('answers 400 with a validation problem for a deep object, never 500', async () => {
    const response = await signIn(`{"email":${deepObject(5_000)},"password":"x"}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      title: 'One or more validation errors occurred.',
    });
    expect(JSON.stringify(response.json<{ errors: object }>().errors)).toContain(
      `Must not nest deeper than ${MAX_INPUT_DEPTH} levels`,
    );
  });

  it('answers 400 with a validation problem for a deep array, as the body and as a field', async () => {
    for (const payload of [deepArray(5_000), `{"email":"a@b.co","password":${deepArray(5_000)}}`]) {
      const response = await signIn(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        status: 400,
        title: 'One or more validation errors occurred.',
      });
    }
  });

  it('still signs in with an ordinary body', async () => {
    const response = await signIn(JSON.stringify({ email: ADMIN.email, password: ADMIN.password }));
    expect(response.statusCode).toBe(200);
  });
});

describe('inputFault', () => {
  it(`takes ${MAX_INPUT_DEPTH} levels of nesting and refuses one more`, () => {
    expect(inputFault(JSON.parse(deepObject(MAX_INPUT_DEPTH)))).toBeUndefined();
    expect(inputFault(JSON.parse(deepArray(MAX_INPUT_DEPTH)))).toBeUndefined();
    expect(inputFault(JSON.parse(deepObject(MAX_INPUT_DEPTH + 1)))).toMatchObject({
      message: `Must not nest deeper than ${MAX_INPUT_DEPTH} levels`,
    });
    expect(inputFault(JSON.parse(deepArray(MAX_INPUT_DEPTH + 1)))).toBeDefined();
  });

  it('names the first text holding a NUL character', () => {
    expect(inputFault({ vehicle: { make: 'To\u0000yota' }, list: ['a', 'b\u0000'] })).toEqual({
      path: '/vehicle/make',
      message: 'Must not contain a NUL character',
    });
  });
});

/** POST /Imports, whose body limit is raised for the file it carries, with this body as it is. */
const importBody = (payload: string) =>
  app.inject({
    method: 'POST',
    url: '/Imports',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    payload,
  });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('given a JSON body nested millions of levels deep', () => {
  const levels = 1_500_000;
  const deep = `{"companyId":${deepArray(levels)}}`;
  // As long as the deep one, all of it one string, as an import's file is.
  const content = 'A'.repeat(deep.length - '{"fileName":"holders.txt","content":""}'.length);
  const legal = JSON.stringify({ fileName: 'holders.txt', content });

  it('refuses it before parsing, naming the field as the check after parsing does', async () => {
    expect(deep.length).toBe(legal.length);
    const response = await importBody(deep);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 400,
      title: 'One or more validation errors occurred.',
      errors: {
        [`CompanyId${'.0'.repeat(MAX_INPUT_DEPTH - 1)}`]: [
          `Must not nest deeper than ${MAX_INPUT_DEPTH} levels`,
        ],
      },
    });
  });

  it('answers it in about the time of a legal body of the same size: the thread is not held parsing it', async () => {
    const durations = { deep: [] as number[], legal: [] as number[] };
    for (let round = 0; round < 3; round += 1) {
      for (const [kind, payload] of [
        ['legal', legal],
        ['deep', deep],
      ] as const) {
        const start = performance.now();
        const response = await importBody(payload);
        durations[kind].push(performance.now() - start);
        expect(response.statusCode).toBe(400);
      }
    }
    // Parsed whole, the deep body took some 30 times the legal one's time.
    expect(median(durations.deep)).toBeLessThan(2 * median(durations.legal));
  });
});

describe("a JSON body otherwise as Fastify's own parser reads it", () => {
  const notJson = (message: string) => ({
    status: 400,
    title: 'The request body is not valid JSON.',
    errors: { $: [message] },
  });

  it('answers an empty body and text that is not JSON as before', async () => {
    expect((await importBody('')).json()).toEqual(
      notJson("Body cannot be empty when content-type is set to 'application/json'"),
    );
    for (const payload of ['{"fileName":', ' ', '{"a":1} x', '[[[[']) {
      const response = await importBody(payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toEqual(
        notJson("Body is not valid JSON but content-type is set to 'application/json'"),
      );
    }
  });

  it('refuses __proto__ and constructor.prototype keys, which would poison an object', async () => {
    for (const payload of [
      '{"__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
    ]) {
      const response = await importBody(payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json<{ title: string }>().title).toBe('The request body is not valid JSON.');
    }
  });

  it('reads brackets, quotes and backslashes inside a string as text', async () => {
    const fileName = `${'['.repeat(100)}\\"${'{'.repeat(100)}.txt`;
    const response = await importBody(JSON.stringify({ fileName, content: 'QQ==' }));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: object }>().errors).toEqual({
      File: ['Please upload a CSV file (.csv) or an Excel workbook (.xlsx)'],
    });
  });
});

describe('textNestingFault', () => {
  it(`takes ${MAX_INPUT_DEPTH} levels of nesting and refuses one more`, () => {
    expect(textNestingFault(deepObject(MAX_INPUT_DEPTH))).toBeUndefined();
    expect(textNestingFault(deepArray(MAX_INPUT_DEPTH))).toBeUndefined();
    expect(textNestingFault(deepObject(MAX_INPUT_DEPTH + 1))).toEqual(
      inputFault(JSON.parse(deepObject(MAX_INPUT_DEPTH + 1))),
    );
    expect(textNestingFault(deepArray(MAX_INPUT_DEPTH + 1))).toEqual(
      inputFault(JSON.parse(deepArray(MAX_INPUT_DEPTH + 1))),
    );
  });

  it('goes through a long text with backslashes in a moment', () => {
    // Searching to the closing quote again after every backslash would take minutes.
    const text = `["${'\\n'.repeat(2_000_000)}${deepArray(MAX_INPUT_DEPTH + 1)}"]`;
    expect(textNestingFault(text)).toBeUndefined();
  });

  it('finds the fault, and names it, as the check of the parsed body does', () => {
    // A value nested 28 to 36 levels through objects with odd keys and arrays with items before
    // it, beside shallow values: the text's reading must agree with the parsed value's.
    // Characters that mean something to JSON, and some that do not (no NUL: that fault is the other check's).
    const unit = fc.constantFrom('a', 'Z', '7', '"', '\\', '[', ']', '{', '}', ',', ':', ' ', 'é');
    const key = fc.string({ unit });
    const shallow = fc.jsonValue({ maxDepth: 2, stringUnit: unit });
    const level = fc.oneof(
      fc.record({
        kind: fc.constant('object' as const),
        key,
        before: fc.dictionary(key, shallow, { maxKeys: 2 }),
      }),
      fc.record({ kind: fc.constant('array' as const), before: fc.array(shallow, { maxLength: 3 }) }),
    );
    fc.assert(
      fc.property(fc.array(level, { minLength: 28, maxLength: 36 }), shallow, (levels, bottom) => {
        let value: unknown = bottom;
        for (const wrap of levels.reverse()) {
          value = wrap.kind === 'array' ? [...wrap.before, value] : { ...wrap.before, [wrap.key]: value };
        }
        const text = JSON.stringify(value);
        expect(textNestingFault(text)).toEqual(inputFault(JSON.parse(text)));
      }),
      { numRuns: 300 },
    );
  });
});
