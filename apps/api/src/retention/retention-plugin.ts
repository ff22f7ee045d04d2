import fp from 'fastify-plugin';
import { DEFAULT_RETENTION } from './retention-settings';
import type { RetentionOptions } from './retention-settings';
import { sweepRetention } from './retention-sweep';

export interface RetentionPluginOptions extends RetentionOptions {
  /** REFRESH_TOKEN_ABSOLUTE_TTL_SECONDS, as the auth plugin has it. */
  signInLifetimeSeconds: number;
}

/**
 * Sweeps every data class when the api is ready and then every sweepIntervalMs, until close, and
 * logs one line per sweep with the rows each class lost (counts only). A sweep still running when
 * the next is due (a first sweep through a long backlog) is left to finish; closing stops it
 * between two statements.
 */
export const retentionPlugin = fp<RetentionPluginOptions>(
  (app, options, done) => {
    const { sweepIntervalMs = 3_600_000, ...given } = options;
    const settings = { ...DEFAULT_RETENTION, ...given };
    const closing = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let sweeping: Promise<void> | undefined;
    const sweep = () => {
      if (sweeping !== undefined) return;
      const started = Date.now();
      sweeping = sweepRetention(app.db, settings, new Date(), closing.signal)
        .then(({ deleted, failed }) => {
          for (const { dataClass, error } of failed) {
            app.log.error({ err: error, dataClass }, 'retention sweep of a data class failed');
          }
          app.log.info({ deleted, ms: Date.now() - started }, 'retention sweep');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'retention sweep failed'))
        .finally(() => {
          sweeping = undefined;
        });
    };
    app.addHook('onReady', (ready) => {
      sweep();
      timer = setInterval(sweep, sweepIntervalMs);
      timer.unref();
      ready();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      closing.abort();
      await sweeping;
    });
    done();
  },
  { name: 'sentinel-retention', dependencies: ['sentinel-db'] },
);
