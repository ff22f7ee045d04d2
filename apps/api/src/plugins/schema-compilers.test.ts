import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedSchemaCompilers } from './schema-compilers';

const Shared = { $id: 'Shared', type: 'object', properties: { code: { type: 'string' } } } as const;
const Body = {
  type: 'object',
  required: ['name', 'age'],
  properties: { name: { type: 'string', minLength: 2 }, age: { type: 'integer' } },
} as const;

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** An api-like instance: the same shared schema and options the api gives fastify. */
async function instance(body: object = Body) {
  const app = Fastify({
    ajv: { customOptions: { allErrors: true } },
    schemaController: sharedSchemaCompilers,
  });
  apps.push(app);
  app.addSchema(Shared);
  const seen: { validate?: unknown; serialize?: unknown } = {};
  app.post(
    '/things',
    { schema: { body, response: { 200: { type: 'object', properties: { name: { type: 'string' } } } } } },
    (request, reply) => {
      seen.validate = request.getValidationFunction('body');
      seen.serialize = reply.getSerializationFunction('200');
      return { name: (request.body as { name: string }).name, hidden: 'not in the schema' };
    },
  );
  await app.ready();
  return { app, seen };
}

describe('validators and serializers shared between instances of a process', () => {
  it('answers as fastify does, with one compiled function for the same schema in two instances', async () => {
    const first = await instance();
    const second = await instance();
    for (const { app } of [first, second]) {
      const ok = await app.inject({ method: 'POST', url: '/things', payload: { name: 'Ann', age: 3 } });
      expect(ok.json()).toEqual({ name: 'Ann' });
      // allErrors reaches ajv: both faults are reported, not only the first.
      const bad = await app.inject({ method: 'POST', url: '/things', payload: { name: 'A', age: 'x' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/name must NOT have fewer than 2 characters.*age must be integer/);
    }
    expect(first.seen.validate).toBeTypeOf('function');
    expect(second.seen.validate).toBe(first.seen.validate);
    expect(second.seen.serialize).toBe(first.seen.serialize);
  });

  it('compiles a different schema on its own', async () => {
    const first = await instance();
    const other = await instance({ ...Body, properties: { ...Body.properties, name: { type: 'string' } } });
    await first.app.inject({ method: 'POST', url: '/things', payload: { name: 'Ann', age: 3 } });
    const short = await other.app.inject({ method: 'POST', url: '/things', payload: { name: 'A', age: 3 } });
    expect(short.statusCode).toBe(200);
    expect(other.seen.validate).not.toBe(first.seen.validate);
  });

  it('refuses a request header schema at start-up, which fastify would have lower-cased first', async () => {
    const app = Fastify({ schemaController: sharedSchemaCompilers });
    apps.push(app);
    app.get(
      '/h',
      { schema: { headers: { type: 'object', properties: { 'X-Key': { type: 'string' } } } } },
      () => 'ok',
    );
    await expect(app.ready()).rejects.toThrow(/GET \/h: read request headers in the handler/);
  });
});
