import fp from 'fastify-plugin';
import { deleteExpiredPreviews } from './import-jobs';
import { DEFAULT_IMPORT_LIMITS } from './import-limits';
import type { ImportLimits } from './import-limits';
import { ImportWorker } from './import-worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs bulk imports in this process; resumes the ones left Running when the api starts. */
    importWorker: ImportWorker;
    /** The limits of one import file and of a preview's life (the IMPORT_* settings). */
    importLimits: ImportLimits;
  }
}

export interface ImportWorkerPluginOptions {
  /** The IMPORT_* settings; a limit left out keeps its default (DEFAULT_IMPORT_LIMITS). */
  limits?: Partial<ImportLimits> | undefined;
}

/** The longest between two sweeps of expired previews; a short life is swept more often. */
const MAX_SWEEP_MS = 10 * 60_000;

/**
 * The import worker for the whole app, so its runs outlive the request that starts them, and the
 * sweep that deletes previews nobody started once they are older than IMPORT_PREVIEW_TTL_SECONDS.
 */
export const importWorkerPlugin = fp<ImportWorkerPluginOptions>(
  async (app, options) => {
    const limits: ImportLimits = { ...DEFAULT_IMPORT_LIMITS };
    for (const [key, value] of Object.entries(options.limits ?? {}))
      if (value !== undefined) limits[key as keyof ImportLimits] = value;
    const worker = new ImportWorker({
      db: app.db,
      messages: app.messages,
      signupUrl: app.signupUrl,
      log: app.log,
    });
    app.decorate('importWorker', worker);
    app.decorate('importLimits', limits);

    let sweeping: Promise<unknown> = Promise.resolve();
    const sweep = () => {
      sweeping = deleteExpiredPreviews(app.db, limits.previewTtlSeconds).catch((error: unknown) =>
        app.log.warn({ err: error }, 'the sweep of expired import previews failed'),
      );
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await worker.resume();
      sweep();
      timer = setInterval(sweep, Math.min(MAX_SWEEP_MS, limits.previewTtlSeconds * 1000));
      timer.unref();
    });
    // Before the database closes: batches in flight end, and their jobs stay Running to resume.
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await sweeping;
      await worker.close();
    });
  },
  {
    name: 'sentinel-import-worker',
    fastify: '5.x',
    dependencies: ['sentinel-db'],
    decorators: { fastify: ['db', 'messages', 'signupUrl'] },
  },
);
