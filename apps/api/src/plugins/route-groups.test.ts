import { afterEach, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { MANAGER_ROLES, ROLE } from '@sentinel/domain';
import type { RoleName } from '@sentinel/domain';
import { createDatabase, IN_MEMORY } from '../db/database';
import { registerErrorHandling } from '../errors';
import { authPlugin } from './auth';
import { databasePlugin } from './database';
import { routeGroup, signedIn, staffOnly } from './route-groups';
import { usersRoutes } from '../users/routes';

const probes: FastifyPluginAsync = async (app) => {
  app.get('/probe', async () => ({ ok: true }));
  app.post('/probe/managers', { config: { roles: MANAGER_ROLES } }, async () => ({ ok: true }));
};

let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function appWith(...plugins: FastifyPluginAsync[]): Promise<FastifyInstance> {
  app = Fastify();
  registerErrorHandling(app);
  await app.register(databasePlugin, { db: createDatabase({ databaseFile: IN_MEMORY }) });
  await app.register(authPlugin, {
    jwtSecret: 'route-groups-test-secret',
    accessTokenTtlSeconds: 60,
    refreshTokenTtlSeconds: 60,
  });
  for (const plugin of plugins) await app.register(plugin);
  await app.ready();
  return app;
}

async function bearer(server: FastifyInstance, role: RoleName): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await server.accessTokens.sign({ userId: 1, role })}` };
}

describe('a route group', () => {
  it('answers 401 without a token on every route, HEAD included', async () => {
    const server = await appWith(staffOnly(probes));

    expect((await server.inject({ method: 'GET', url: '/probe' })).statusCode).toBe(401);
    expect((await server.inject({ method: 'HEAD', url: '/probe' })).statusCode).toBe(401);
    expect((await server.inject({ method: 'POST', url: '/probe/managers' })).statusCode).toBe(401);
  });

  it("lets the group's roles in and answers 403 to the others", async () => {
    const server = await appWith(staffOnly(probes));

    const companyAdmin = await bearer(server, ROLE.companyAdmin);
    const accountHolder = await bearer(server, ROLE.accountHolder);
    expect((await server.inject({ method: 'GET', url: '/probe', headers: companyAdmin })).statusCode).toBe(
      200,
    );
    expect((await server.inject({ method: 'GET', url: '/probe', headers: accountHolder })).statusCode).toBe(
      403,
    );
  });

  it('lets every role into a signed-in group, but not a caller without a token', async () => {
    const server = await appWith(signedIn(probes));

    const get = async (headers: Record<string, string>) =>
      (await server.inject({ method: 'GET', url: '/probe', headers })).statusCode;
    expect(await get(await bearer(server, ROLE.accountHolder))).toBe(200);
    expect(await get({})).toBe(401);
  });

  it('narrows a route to config.roles', async () => {
    const server = await appWith(staffOnly(probes));

    const post = async (role: RoleName) =>
      (await server.inject({ method: 'POST', url: '/probe/managers', headers: await bearer(server, role) }))
        .statusCode;
    expect(await post(ROLE.technicalAgent)).toBe(200);
    expect(await post(ROLE.companyAdmin)).toBe(403);
  });

  it('leaves routes outside the group alone', async () => {
    const server = await appWith(staffOnly(probes), async (open) => {
      open.get('/open', async () => ({ ok: true }));
    });

    expect((await server.inject({ method: 'GET', url: '/open' })).statusCode).toBe(200);
  });

  it('refuses a route whose config.roles reach outside the group', async () => {
    const widening: FastifyPluginAsync = async (group) => {
      group.get('/wide', { config: { roles: [ROLE.accountHolder] } }, async () => ({ ok: true }));
    };

    await expect(appWith(staffOnly(widening))).rejects.toThrow(
      'GET /wide: config.roles Account-Holder is outside the staff group',
    );
  });

  it('fails fast, naming the missing decorator, when registered without the auth plugin', async () => {
    app = Fastify();
    await expect(
      app.register(routeGroup({ name: 'staff', roles: [ROLE.admin] }, probes)).ready(),
    ).rejects.toThrow("The decorator 'authenticate' required by 'sentinel-staff-routes' is not present");
  });
});

describe("an entity's route plugin", () => {
  it('fails fast, naming the missing database decorator, when registered without it', async () => {
    app = Fastify();
    await expect(app.register(usersRoutes).ready()).rejects.toThrow(
      "The decorator 'db' required by 'sentinel-users-routes' is not present",
    );
  });
});
