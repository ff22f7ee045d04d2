import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

/**
 * Shares one database handle with every plugin and closes it when the server closes, after its
 * reader (openReader): the last connection to a SQLite file folds the WAL back into it.
 */
export const databasePlugin = fp<{ db: Kysely<Database>; reader?: Kysely<Database> }>(
  (app, { db, reader }, done) => {
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      if (reader !== undefined && reader !== db) await reader.destroy();
      await db.destroy();
    });
    done();
  },
  { name: 'sentinel-db' },
);
