import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

/** Shares one database handle with every plugin and closes it when the server closes. */
export const databasePlugin = fp<{ db: Kysely<Database> }>(
  (app, { db }, done) => {
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.destroy();
    });
    done();
  },
  { name: 'sentinel-db' },
);
