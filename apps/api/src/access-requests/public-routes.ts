/*
 * The download of an access request (public: the token is the key, as a live-location link's).
 * Every token it cannot serve, whether unknown, malformed or expired, gets the one 404: the token
 * is hashed whatever it is and looked up once, so neither the answer nor its time tells an attacker
 * which it was. Reads are limited per address, and each download is audited and counted.
 */
import type { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DATA_ACCESS_MESSAGES } from '@sentinel/domain';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/database';
import { notFound, ProblemDetailsRef } from '../errors';
import { tooManyRequests } from '../plugins/auth-limits';
import { routePlugin } from '../plugins/route-plugin';
import { countDownload, downloadTokenHash, findOpenRequest } from './access-request-queries';
import { holderZip } from './holder-zip';

/**
 * Downloads (and wrong tokens) one address may ask for in an hour: a person downloads once or
 * twice, and each download of a holder with years of fixes costs the api seconds of work.
 */
export const DOWNLOADS_PER_HOUR = 20;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  // The auth limiter's store (memory, or Redis shared by the instances), with this route's own limit.
  const limit = app.createRateLimit({
    max: DOWNLOADS_PER_HOUR,
    timeWindow: 3_600_000,
    keyGenerator: (request) => `data-access-download:${request.ip}`,
  });

  app.get(
    '/DataAccessRequests/:token/Download',
    {
      schema: {
        tags: ['Privacy'],
        summary: "An access request's zip: everything held about the account holder, built while it streams",
        description:
          'No sign-in: the token is the key (from POST /Users/{id}/DataAccessRequests). Each download is ' +
          `audited as DataAccessDownloaded about the holder and counted. Unknown or expired: 404 '${DATA_ACCESS_MESSAGES.expired}', ` +
          `the same for both. At most ${DOWNLOADS_PER_HOUR} calls per address an hour, then 429.`,
        params: Type.Object({ token: Type.String() }),
        produces: ['application/zip'],
        response: {
          // Streamed as it is built; the document reads it as a binary string.
          200: Type.Unsafe<Readable>(Type.String({ format: 'binary' })),
          404: ProblemDetailsRef,
          429: ProblemDetailsRef,
        },
      },
      onRequest: async (request, reply) => {
        const outcome = await limit(request);
        if (outcome.isAllowed || !outcome.isExceeded) return;
        const seconds = Math.max(1, outcome.ttlInSeconds);
        void reply.header('retry-after', seconds);
        throw tooManyRequests(seconds);
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const now = new Date();
      const open = await findOpenRequest(app.db, downloadTokenHash(request.params.token), now);
      if (open === undefined) throw notFound(DATA_ACCESS_MESSAGES.expired);
      await inTransaction(app.db, async (trx) => {
        await countDownload(trx, open.id, now);
        await recordAudit(trx, request, {
          action: 'DataAccessDownloaded',
          targetType: 'DataAccessRequest',
          targetId: open.id,
          subjectUserId: open.subjectUserId,
          detail: { fixesFrom: open.fixesFrom, fixesTo: open.fixesTo },
        });
      });
      const zip = await holderZip(app.db, open, { from: open.fixesFrom, to: open.fixesTo }, now);
      if (zip === undefined) throw notFound(DATA_ACCESS_MESSAGES.expired);
      zip.once('error', (error) =>
        request.log.error({ err: error }, 'The access request zip failed mid-way.'),
      );
      const day = now.toISOString().slice(0, 10);
      return reply
        .type('application/zip')
        .header(
          'content-disposition',
          `attachment; filename="sentinel-account-holder-${open.subjectUserId}-${day}.zip"`,
        )
        .send(zip);
    },
  );
};

export const dataAccessDownloadRoutes = routePlugin('data-access-download', routes, {
  dependencies: ['sentinel-auth-limits'],
  decorators: ['db', 'createRateLimit'],
});
