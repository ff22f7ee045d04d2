import fp from 'fastify-plugin';
import { ImportWorker } from './import-worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs bulk imports in this process; resumes the ones left Running when the api starts. */
    importWorker: ImportWorker;
  }
}

/** The import worker for the whole app, so its runs outlive the request that starts them. */
export const importWorkerPlugin = fp(
  async (app) => {
    const worker = new ImportWorker({
      db: app.db,
      messages: app.messages,
      signupUrl: app.signupUrl,
      log: app.log,
    });
    app.decorate('importWorker', worker);
    app.addHook('onReady', () => worker.resume());
    // Before the database closes: batches in flight end, and their jobs stay Running to resume.
    app.addHook('preClose', () => worker.close());
  },
  {
    name: 'sentinel-import-worker',
    fastify: '5.x',
    dependencies: ['sentinel-db'],
    decorators: { fastify: ['db', 'messages', 'signupUrl'] },
  },
);
