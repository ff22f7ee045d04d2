/*
 * 'Your sessions' (GET /My/Sessions, end one, end the others) and an Admin's view of a user's
 * sessions, ending them, and resetting the user's second factors. Ending a session revokes its
 * refresh-token family: its access tokens stop at once on this instance (within a second on others).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { PRODUCT_NAME, ref, StaffSessionSchema } from '@sentinel/domain';
import { recordAudit } from '../audit/record-audit';
import { requireStepUp } from '../auth/step-up';
import { notFound, ProblemDetailsRef } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { IdParams } from '../routes/schemas';
import { deleteAllFactors } from '../second-factors/factors';
import { factorUser } from '../second-factors/users';
import { sessionOfUser } from './session-queries';
import { liveSessions } from './session-store';

const answers = <T extends object>(ok: T) => ({
  ...ok,
  400: ProblemDetailsRef,
  401: ProblemDetailsRef,
  403: ProblemDetailsRef,
  404: ProblemDetailsRef,
});
const NoContent = { 204: Type.Null() };

const myRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(StaffSessionSchema);
  const tags = ['My sessions'];
  const security = [{ bearer: [] }];
  const idle = () => app.secondFactorSettings.staffIdleTimeoutSeconds;

  app.get(
    '/My/Sessions',
    {
      schema: {
        tags,
        summary: 'Your sessions: browser, address, created and last used; this one is marked current',
        security,
        response: answers({ 200: Type.Array(ref(StaffSessionSchema)) }),
      },
    },
    async (request) =>
      liveSessions(app.db, request.user!.userId, {
        currentSessionId: request.user!.sessionId,
        idleTimeoutSeconds: idle(),
      }),
  );

  app.delete(
    '/My/Sessions/:id',
    {
      schema: {
        tags,
        summary: 'Sign out of one of your sessions (this one included)',
        security,
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: answers(NoContent),
      },
    },
    async (request, reply) => {
      const userId = request.user!.userId;
      const mine = await sessionOfUser(app.db, request.params.id, userId);
      if (mine === undefined) throw notFound('That session was not found.');
      await app.refreshTokens.revokeSession(mine);
      await recordAudit(app.db, request, {
        action: 'SessionEnded',
        targetType: 'User',
        targetId: userId,
        detail: { sessions: 1 },
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/My/Sessions/EndOthers',
    {
      schema: { tags, summary: 'Sign out everywhere else', security, response: answers(NoContent) },
    },
    async (request, reply) => {
      const { userId, sessionId } = request.user!;
      const others = (
        await liveSessions(app.db, userId, { currentSessionId: sessionId, idleTimeoutSeconds: undefined })
      ).filter((session) => !session.current);
      for (const session of others) await app.refreshTokens.revokeSession(session.id);
      await recordAudit(app.db, request, {
        action: 'SessionEnded',
        targetType: 'User',
        targetId: userId,
        detail: { sessions: others.length, others: true },
      });
      return reply.code(204).send(null);
    },
  );
};

const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(StaffSessionSchema);
  const tags = ['Users'];
  const security = [{ bearer: [] }];

  app.get(
    '/Users/:id/Sessions',
    {
      schema: {
        tags,
        summary: "A user's sessions (Admin)",
        security,
        params: IdParams,
        response: answers({ 200: Type.Array(ref(StaffSessionSchema)) }),
      },
    },
    async (request) => {
      const user = await factorUser(app.db, request.params.id);
      return liveSessions(app.db, user.id, {
        currentSessionId: request.user!.sessionId,
        idleTimeoutSeconds: app.secondFactorSettings.staffIdleTimeoutSeconds,
      });
    },
  );

  app.post(
    '/Users/:id/EndSessions',
    {
      schema: {
        tags,
        summary: 'End every session of a user (Admin); they must sign in again',
        security,
        params: IdParams,
        response: answers(NoContent),
      },
    },
    async (request, reply) => {
      const user = await factorUser(app.db, request.params.id);
      await app.refreshTokens.revokeAll(user.id);
      await recordAudit(app.db, request, {
        action: 'SessionsEndedByAdmin',
        targetType: 'User',
        targetId: user.id,
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/Users/:id/ResetSecondFactors',
    {
      schema: {
        tags,
        summary:
          "Reset a user's second factors (Admin, step-up): the authenticator app, passkeys and recovery codes go, " +
          'their sessions end, and they are told by e-mail',
        security,
        params: IdParams,
        response: answers(NoContent),
      },
    },
    async (request, reply) => {
      await requireStepUp(app, request);
      const user = await factorUser(app.db, request.params.id);
      await deleteAllFactors(app, user.id);
      await app.refreshTokens.revokeAll(user.id);
      await recordAudit(app.db, request, {
        action: 'SecondFactorsReset',
        targetType: 'User',
        targetId: user.id,
      });
      await app.messages.sendEmail({
        to: user.email,
        subject: `Your ${PRODUCT_NAME} sign-in factors were reset`,
        body:
          `Hi ${user.firstName},\n\nYour sign-in factors were reset by an administrator: your authenticator app, ` +
          `passkeys and recovery codes no longer work, and you were signed out everywhere.` +
          (app.secondFactorSettings.mfaRequired
            ? ' At your next sign-in you will set up a new second factor.'
            : '') +
          `\nIf you did not expect this, please contact us.\n`,
      });
      return reply.code(204).send(null);
    },
  );
};

export const mySessionRoutes = routePlugin('my-sessions', myRoutes, {
  dependencies: ['sentinel-auth', 'sentinel-second-factor-settings'],
  decorators: ['db', 'refreshTokens', 'secondFactorSettings'],
});

export const userSessionRoutes = routePlugin('user-sessions', adminRoutes, {
  dependencies: ['sentinel-auth', 'sentinel-providers', 'sentinel-second-factor-settings'],
  decorators: ['db', 'refreshTokens', 'secondFactorSettings', 'messages'],
});
