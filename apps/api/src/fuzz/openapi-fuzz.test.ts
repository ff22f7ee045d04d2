/*
 * Property-based fuzzing of every route of the api's own OpenAPI document: for each operation,
 * fast-check generates path params, queries and bodies from its schemas (valid, broken and
 * hostile) and sends them as each staff role and anonymously. Whatever comes in, the api must not
 * answer 5xx, and must answer only a status the document lists for that operation.
 *
 * FUZZ_RUNS sets the cases per route (default 30 on SQLite; 10 on PostgreSQL, where each case costs
 * its round trips to the server and what the engine adds is how it takes a hostile value, which every
 * route meets in its first cases); FUZZ_SEED replays a failing run (fast-check prints the seed and the
 * shrunk counterexample).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { build, DEMO_SIGN_INS } from '../index';
import { isDocumented, operationsOf, requestsFor } from './openapi-operations';
import type { DocumentedOperation, FuzzRequest, OpenApiDocument } from './openapi-operations';
import type { Components } from './schema-arbitrary';

const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.SENTINEL_TEST_ENGINE === 'postgres' ? 10 : 30));
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const CALLERS = ['Admin', 'Technical-Agent', 'Company-Admin', 'anonymous'] as const;
type Caller = (typeof CALLERS)[number];

let app: FastifyInstance;
let document: OpenApiDocument;
const tokens = new Map<Caller, string>();
const subjects = new Map<Caller, { userId: number; role: Exclude<Caller, 'anonymous'> }>();

/**
 * The fuzz may end a caller's session (POST /Auth/Logout with a valid body) or change their
 * e-mail; after each route, a caller whose token no longer works gets a fresh one.
 */
async function renewEndedSessions(): Promise<void> {
  for (const [caller, subject] of subjects) {
    const check = await app.inject({
      method: 'GET',
      url: '/Roles',
      headers: { authorization: `Bearer ${tokens.get(caller)}` },
    });
    if (check.statusCode === 401) tokens.set(caller, await app.accessTokens.sign(subject));
  }
}

beforeAll(async () => {
  // The dev outbox is on so its route is fuzzed too; the rest is the api as `start` runs it.
  app = await build({ seed: true, devOutbox: true });
  for (const demo of DEMO_SIGN_INS) {
    if (!(CALLERS as readonly string[]).includes(demo.role)) continue;
    const response = await app.inject({
      method: 'POST',
      url: '/Auth/SignInByEmail',
      payload: { email: demo.email, password: demo.password },
    });
    const answer = response.json<{ accessToken: string; userId: number }>();
    tokens.set(demo.role as Caller, answer.accessToken);
    subjects.set(demo.role as Caller, {
      userId: answer.userId,
      role: demo.role as Exclude<Caller, 'anonymous'>,
    });
  }
  document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<OpenApiDocument>();
}, 60_000);

afterAll(async () => {
  await app.close();
});

function injection(operation: DocumentedOperation, request: FuzzRequest, caller: Caller): InjectOptions {
  const token = tokens.get(caller);
  const headers: Record<string, string> = token === undefined ? {} : { authorization: `Bearer ${token}` };
  const options: InjectOptions = { method: operation.method, url: request.url, headers };
  if (request.body.kind === 'json') {
    headers['content-type'] = 'application/json';
    options.payload = JSON.stringify(request.body.value);
  } else if (request.body.kind === 'raw') {
    headers['content-type'] = 'application/json';
    options.payload = request.body.text;
  }
  return options;
}

describe('the OpenAPI fuzzer', () => {
  it('finds routes to fuzz in the document', () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.map((operation) => operation.name)).toContain('PUT /Users/{id}');
  });

  it('answers every generated request with a documented status and never 5xx', async () => {
    const components: Components = document.components?.schemas ?? {};
    const failures: string[] = [];
    // Which operations answered 2xx at least once: the fuzz must reach handlers, not only guards.
    const reached = new Set<string>();
    for (const operation of operationsOf(document)) {
      const property = fc.asyncProperty(
        requestsFor(operation, components),
        fc.constantFrom(...CALLERS),
        async (request, caller) => {
          const response = await app.inject(injection(operation, request, caller));
          const status = response.statusCode;
          if (status < 300) reached.add(operation.name);
          if (status >= 500 || !isDocumented(operation, status)) {
            throw new Error(
              `${operation.name} as ${caller}: ${status} (documented: ${operation.statuses.join(', ')}) ` +
                `for ${request.url.slice(0, 200)} ${JSON.stringify(request.body).slice(0, 300)} -> ${response.body.slice(0, 300)}`,
            );
          }
        },
      );
      const result = await fc.check(property, {
        numRuns: RUNS,
        ...(SEED === undefined ? {} : { seed: SEED }),
      });
      await renewEndedSessions();
      if (result.failed) {
        failures.push(
          `${String(result.errorInstance instanceof Error ? result.errorInstance.message : result.errorInstance)}` +
            ` (seed ${result.seed}, path ${result.counterexamplePath ?? ''})`,
        );
      }
    }
    expect(failures).toEqual([]);
    if (process.env.FUZZ_REPORT !== undefined) console.info([...reached].sort().join('\n'));
    // The generator must get past validation and access checks, not only bounce off them. Random
    // cases reach 23 to 26 of the 70 operations (most need an id that exists); a third sat inside
    // that spread, so a quarter is the bar, at 30 cases a route (SQLite's project checks it; fewer
    // cases reach fewer).
    if (RUNS >= 30) {
      expect(reached.size, 'operations that answered 2xx').toBeGreaterThan(operationsOf(document).length / 4);
    }
  }, 120_000);
});
