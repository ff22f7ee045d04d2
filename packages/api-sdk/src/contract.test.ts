// The SDK and the api speak one contract: the api's OpenAPI document names exactly the contract's
// schemas, and an answer that drifts from the contract is caught by the client.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONTRACT_SCHEMAS } from '@sentinel/domain';
import type { AuthorisedUser, Vehicle } from '@sentinel/domain';
import { demoSignIn, startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import { isContractError } from './errors/contract-error';
import type { ContractError } from './errors/contract-error';
import type { SessionStore } from './session';

let api: RunningApi;
let signedIn: AuthorisedUser;

beforeAll(async () => {
  api = await startApi();
  signedIn = await createApiClient({
    baseUrl: api.url,
    session: fixedSession(null),
    validateAnswers: true,
  }).auth.signInByEmail(demoSignIn('Admin'));
});

afterAll(async () => {
  await api.close();
});

function fixedSession(user: AuthorisedUser | null): SessionStore {
  return { get: () => user, set() {}, clear() {} };
}

/** A contract schema as @fastify/swagger writes it into an OpenAPI 3.0 document. */
function asOpenApi30(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asOpenApi30);
  if (typeof schema !== 'object' || schema === null) return schema;
  const {
    $id: _id,
    $ref,
    anyOf,
    patternProperties,
    const: constant,
    ...rest
  } = schema as Record<string, unknown>;
  if (typeof $ref === 'string') return { $ref: `#/components/schemas/${$ref}` };
  const result: Record<string, unknown> = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, asOpenApi30(value)]),
  );
  // Nullable(X) is anyOf [X, null] in JSON Schema and X with nullable: true in OpenAPI 3.0; when X
  // is itself a union, or a reference (nothing may stand beside a $ref in OpenAPI 3.0), the union
  // stays and null becomes a nullable object whose one value is null.
  if (Array.isArray(anyOf)) {
    const [value, nullType] = anyOf as Record<string, unknown>[];
    const folds = !Array.isArray(value?.['anyOf']) && typeof value?.['$ref'] !== 'string';
    if (anyOf.length === 2 && nullType?.['type'] === 'null' && folds) {
      return { ...(asOpenApi30(value) as object), ...result, nullable: true };
    }
    result['anyOf'] = (anyOf as Record<string, unknown>[]).map((member) =>
      member['type'] === 'null' ? { type: 'object', enum: [null], nullable: true } : asOpenApi30(member),
    );
  }
  // A literal is const in JSON Schema and a one-value enum in OpenAPI 3.0.
  if (constant !== undefined) result['enum'] = [constant];
  // A record is patternProperties in TypeBox and additionalProperties in OpenAPI 3.0.
  if (patternProperties && typeof patternProperties === 'object') {
    const [value] = Object.values(patternProperties);
    result['additionalProperties'] = asOpenApi30(value);
  }
  return result;
}

describe("the api's OpenAPI document", () => {
  it('names every contract schema as a component, and nothing else', async () => {
    const document = (await (await fetch(`${api.url}/openapi.json`)).json()) as {
      components: { schemas: Record<string, unknown> };
    };

    const contractIds = CONTRACT_SCHEMAS.map((schema) => schema.$id);
    expect(Object.keys(document.components.schemas).sort()).toEqual([...contractIds].sort());
    for (const schema of CONTRACT_SCHEMAS) {
      const plain: unknown = JSON.parse(JSON.stringify(schema));
      expect(document.components.schemas[String(schema.$id)], schema.$id).toEqual(asOpenApi30(plain));
    }
  });
});

describe('given an answer that drifted from the contract', () => {
  let server: Server;
  let driftedUrl: string;
  let vehicle: Vehicle;

  beforeAll(async () => {
    const real = createApiClient({
      baseUrl: api.url,
      session: fixedSession(signedIn),
      validateAnswers: true,
    });
    const [first] = (await real.vehicles.list({ pageSize: 1 })).items;
    if (!first) throw new Error('No demo vehicle');
    vehicle = first;
    // A server that answers GET /Vehicles with the real vehicle, its make a number and its owner's
    // e-mail missing, as a server would after a change the contract did not follow.
    server = createServer((_request, response) => {
      const { userEmail: _dropped, ...rest } = vehicle;
      const drifted = { ...rest, make: 42 };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ items: [drifted], totalCount: 1, pageIndex: 0, pageSize: 50 }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    driftedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('throws a ContractError naming the call, the paths and the mismatches', async () => {
    const client = createApiClient({
      baseUrl: driftedUrl,
      session: fixedSession(signedIn),
      validateAnswers: true,
    });

    const error = await client.vehicles.list().catch((caught: unknown) => caught);

    expect(isContractError(error)).toBe(true);
    const { call, issues, message } = error as ContractError;
    expect(call).toBe('GET Vehicles');
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '/items/0/make', message: 'Expected string', value: 42 }),
        expect.objectContaining({ path: '/items/0/userEmail', message: 'Expected required property' }),
      ]),
    );
    expect(message).toMatch(
      /^GET Vehicles answered outside the contract: .*\/items\/0\/make: Expected string, got 42/,
    );
  });

  it('hands the answer over unchecked when validation is off', async () => {
    const client = createApiClient({ baseUrl: driftedUrl, session: fixedSession(signedIn) });

    const page = await client.vehicles.list();

    expect(page.items[0]?.make).toBe(42);
  });
});
