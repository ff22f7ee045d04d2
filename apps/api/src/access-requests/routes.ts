/*
 * Access requests (POPIA section 23), the Admin's side: ask for a download of everything held
 * about one account holder, and see the holder's earlier requests. Admin only (registered in the
 * admins' group). The download itself is public-routes.ts: its token is the key.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateDataAccessRequestSchema,
  CreatedDataAccessRequestSchema,
  DATA_ACCESS_REQUEST_HOURS,
  dataAccessInstant,
  dataAccessRequestErrors,
  DataAccessRequestListSchema,
} from '@sentinel/domain';
import type { CreatedDataAccessRequest, DataAccessRequest } from '@sentinel/domain';
import { recordAudit } from '../audit/record-audit';
import { requireStepUp } from '../auth/step-up';
import { inTransaction } from '../db/database';
import { notFound, ProblemDetailsRef, throwIfInvalid } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { IdParams } from '../routes/schemas';
import {
  downloadTokenHash,
  insertDataAccessRequest,
  isAccountHolder,
  listDataAccessRequests,
  newDownloadToken,
} from './access-request-queries';

const Answers = {
  400: ProblemDetailsRef,
  401: ProblemDetailsRef,
  403: ProblemDetailsRef,
  404: ProblemDetailsRef,
};

const HOUR_MS = 3_600_000;

/** The download's address: PUBLIC_API_URL from configuration, never a request's Host header. */
export const downloadPath = (token: string) => `/DataAccessRequests/${token}/Download`;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Privacy'];
  const security = [{ bearer: [] }];

  const holderOr404 = async (id: number) => {
    if (!(await isAccountHolder(app.db, id))) throw notFound(`Account holder ${id} was not found.`);
  };

  app.post(
    '/Users/:id/DataAccessRequests',
    {
      schema: {
        tags,
        summary:
          'Ask for everything held about an account holder (Admin, step-up): a link to a zip of JSON and CSV ' +
          `files that works for ${DATA_ACCESS_REQUEST_HOURS} hours`,
        description:
          'fixesFrom and fixesTo (ISO 8601, both optional, inclusive) narrow the position fixes; without them ' +
          'every fix is included. The answer holds the download URL (`${PUBLIC_API_URL}/DataAccessRequests/' +
          '<token>/Download`), the only time the token is shown: only its SHA-256 is stored. Audited as ' +
          'DataAccessRequested about the holder. 404 for a user who is not an account holder.',
        security,
        params: IdParams,
        body: CreateDataAccessRequestSchema,
        response: { 201: CreatedDataAccessRequestSchema, ...Answers },
      },
    },
    async (request, reply): Promise<CreatedDataAccessRequest> => {
      const { id } = request.params;
      const body = request.body ?? {};
      throwIfInvalid(dataAccessRequestErrors(body) ?? {});
      await holderOr404(id);
      // Everything about a person, ID numbers in full: the second factor again when the session's is old.
      await requireStepUp(app, request);
      const fixesFrom = dataAccessInstant(body.fixesFrom) ?? null;
      const fixesTo = dataAccessInstant(body.fixesTo) ?? null;
      const requestedAt = new Date();
      const expiresAt = new Date(requestedAt.getTime() + DATA_ACCESS_REQUEST_HOURS * HOUR_MS);
      const token = newDownloadToken();
      const requestId = await inTransaction(app.db, async (trx) => {
        const inserted = await insertDataAccessRequest(trx, {
          subjectUserId: id,
          requestedByUserId: request.user!.userId,
          requestedAt,
          expiresAt,
          tokenHash: downloadTokenHash(token),
          fixesFrom,
          fixesTo,
        });
        await recordAudit(trx, request, {
          action: 'DataAccessRequested',
          targetType: 'DataAccessRequest',
          targetId: inserted,
          subjectUserId: id,
          detail: { fixesFrom, fixesTo, expiresAt: expiresAt.toISOString() },
        });
        return inserted;
      });
      void reply.code(201);
      return {
        id: requestId,
        expiresAt: expiresAt.toISOString(),
        downloadUrl: `${app.publicApiUrl}${downloadPath(token)}`,
        fixesFrom,
        fixesTo,
      };
    },
  );

  app.get(
    '/Users/:id/DataAccessRequests',
    {
      schema: {
        tags,
        summary:
          "An account holder's access requests, newest first: who asked, the period, expiry and downloads (never a token)",
        description: '404 for a user who is not an account holder.',
        security,
        params: IdParams,
        response: { 200: DataAccessRequestListSchema, ...Answers },
      },
    },
    async (request): Promise<DataAccessRequest[]> => {
      await holderOr404(request.params.id);
      return listDataAccessRequests(app.db, request.params.id, new Date());
    },
  );
};

/** POST and GET /Users/{id}/DataAccessRequests. */
export const dataAccessRequestRoutes = routePlugin('data-access-requests', routes, {
  dependencies: ['sentinel-auth', 'sentinel-second-factor-settings', 'sentinel-payments'],
  decorators: ['db', 'secondFactorSettings', 'publicApiUrl'],
});
