import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  AddUnitQuerySchema,
  BURN_IN_TEST_TYPES,
  BurnInMessageSchema,
  BurnInStationsSchema,
  BurnInTestResultSchema,
  BurnInUnitResultSchema,
} from '@sentinel/domain';
import { build } from './app';

interface Operation {
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

interface OpenApiDocument {
  openapi: string;
  info: { title: string };
  security: unknown[];
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

interface Schema {
  type?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  enum?: string[];
}

const json = (operation: Operation | undefined, status: string) =>
  operation?.responses[status]?.content?.['application/json']?.schema as Schema | undefined;

/** The contract's schema as JSON (TypeBox marks its schemas with symbols, which JSON leaves out). */
const plain = (schema: object) => JSON.parse(JSON.stringify(schema)) as Schema;

/** The values a union of string literals allows (OpenAPI 3.0 writes each const as a one-value enum). */
const literals = (schema: Schema | undefined) => schema?.anyOf?.flatMap((member) => member.enum ?? []);

describe('GET /openapi.json', () => {
  let app: FastifyInstance;
  let document: OpenApiDocument;

  beforeAll(async () => {
    app = await build();
    const response = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json<OpenApiDocument>();
  });
  afterAll(() => app.close());

  it('lists every call of the bench and its health, and not itself', () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('Sentinel TestRunner');
    expect(
      Object.entries(document.paths)
        .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
        .sort(),
    ).toEqual([
      'GET /TestRunner/Results',
      'GET /TestRunner/Stations',
      'GET /health',
      'PUT /TestRunner/AddUnit',
      'PUT /TestRunner/RemoveUnit',
      'PUT /TestRunner/RetryFailedTests/{serial}',
      'PUT /TestRunner/RetryUnitTest/{serial}',
      'PUT /TestRunner/StartAllTests',
      'PUT /TestRunner/StartUnitTest',
      'PUT /TestRunner/StopAllTests',
      'PUT /TestRunner/StopUnitTest',
    ]);
  });

  it('gives each call the answers of the contract', () => {
    const paths = document.paths;
    const results = json(paths['/TestRunner/Results']?.['get'], '200');
    expect(results?.type).toBe('array');
    expect(results?.items?.required).toEqual(BurnInUnitResultSchema.required);
    const test = results?.items?.properties?.['results']?.items;
    expect(test?.required).toEqual(BurnInTestResultSchema.required);
    expect(literals(test?.properties?.['testType'])).toEqual(BURN_IN_TEST_TYPES);
    expect(json(paths['/TestRunner/Stations']?.['get'], '200')).toEqual(plain(BurnInStationsSchema));
    for (const path of ['/TestRunner/AddUnit', '/TestRunner/StartUnitTest', '/TestRunner/StopAllTests']) {
      expect(json(paths[path]?.['put'], '200'), path).toEqual(plain(BurnInMessageSchema));
      expect(json(paths[path]?.['put'], '4XX'), path).toEqual(plain(BurnInMessageSchema));
    }
  });

  it('gives each call the query, path and body of the contract', () => {
    const addUnit = document.paths['/TestRunner/AddUnit']?.['put'];
    expect(addUnit?.parameters?.map(({ name, in: where, required }) => ({ name, where, required }))).toEqual([
      { name: 'unitSerialNumber', where: 'query', required: true },
      { name: 'stationId', where: 'query', required: true },
    ]);
    expect(addUnit?.parameters?.[0]?.schema).toEqual(plain(AddUnitQuerySchema.properties.unitSerialNumber));

    const retry = document.paths['/TestRunner/RetryUnitTest/{serial}']?.['put'];
    expect(retry?.parameters?.map(({ name, in: where }) => ({ name, where }))).toEqual([
      { name: 'serial', where: 'path' },
    ]);
    const body = retry?.requestBody?.content['application/json']?.schema as Schema | undefined;
    expect(body?.required).toEqual(['testType']);
    expect(literals(body?.properties?.['testType'])).toEqual(BURN_IN_TEST_TYPES);
  });

  it('asks for the bearer token on the bench calls, not on health', () => {
    expect(document.components.securitySchemes['bearer']).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/health']?.['get']?.security).toEqual([]);
  });
});
