import { build, LIFTED_AUTH_LIMITS } from '@sentinel/api';
import type { BuildOptions } from '@sentinel/api';

type App = Awaited<ReturnType<typeof build>>;

export interface RunningApi {
  /** The Fastify instance, for tests that reach into the api's own database (`app.db`). */
  app: App;
  /** Base URL of the listening api, e.g. http://127.0.0.1:41234. */
  url: string;
  /** Stops the api and closes its database. */
  close: () => Promise<void>;
}

/**
 * Starts the real api on a random local port. Defaults: an in-memory database seeded with the demo
 * users, so every caller gets a fresh, isolated api; the sign-in rate limits lifted, since a suite
 * signs in as a few demo users from one address many times; and any origin allowed, since test
 * pages (jsdom's http://localhost:3000) are not the apps' own. Any build option overrides them.
 */
export async function startApi(options: BuildOptions = {}): Promise<RunningApi> {
  const app = await build({
    databaseFile: ':memory:',
    seed: true,
    authLimits: LIFTED_AUTH_LIMITS,
    corsOrigins: ['*'],
    ...options,
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url,
    close: async () => {
      const closing = app.close();
      // A test is over, so nothing still open matters. A connection a client opened and never sent
      // a request on (fetch opens one when its others are busy, e.g. with a device's long poll)
      // would otherwise hold close() until the server's headers timeout.
      app.server.closeAllConnections();
      await closing;
    },
  };
}
