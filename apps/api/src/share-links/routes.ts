import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreatedShareLinkSchema,
  CreateShareLinkRequestSchema,
  shareLinkErrors,
  ShareLinkListSchema,
  shareLinkRevokedText,
  ShareLinkSchema,
  shareLinkSharedText,
} from '@sentinel/domain';
import type { Alarm, CreatedShareLink, ShareLink } from '@sentinel/domain';
import type { FastifyRequest } from 'fastify';
import { scopeOf } from '../access/scope';
import { addAlarmEvent, findAlarm } from '../alarms/alarm-queries';
import { assertActive } from '../alarms/alarm-service';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/database';
import { notFound, ProblemDetailsRef, throwIfInvalid } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { IdParams } from '../routes/schemas';
import {
  findShareLink,
  insertShareLink,
  listShareLinks,
  newShareLinkToken,
  revokeShareLink,
  shareLinkTokenHash,
  userName,
} from './share-link-queries';

const Answers = {
  400: ProblemDetailsRef,
  401: ProblemDetailsRef,
  403: ProblemDetailsRef,
  404: ProblemDetailsRef,
};

const HOUR_MS = 3_600_000;

/** Live-location links made from an alarm (staff, in their scope). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const events = app.vehicleEvents;

  /** The alarm, or 404 when it is absent or its vehicle is outside the caller's companies. */
  const alarmOf = async (id: number, request: FastifyRequest): Promise<Alarm> => {
    const alarm = await findAlarm(app.db, id, await scopeOf(app.db, request.user!));
    if (!alarm) throw notFound(`Alarm ${id} was not found.`);
    return alarm;
  };

  /** The link, or 404 when it is absent or its alarm's vehicle is outside the caller's companies. */
  const linkOf = async (id: number, request: FastifyRequest): Promise<ShareLink> => {
    const link = await findShareLink(app.db, id);
    const scope = await scopeOf(app.db, request.user!);
    if (!link || !(await findAlarm(app.db, link.alarmId, scope)))
      throw notFound(`Live location link ${id} was not found.`);
    return link;
  };

  app.post(
    '/Alarms/:id/ShareLinks',
    {
      schema: {
        tags: ['Alarms'],
        summary: "Share the alarm's vehicle's live location with a responder: a link that expires",
        description:
          'Answers the link with its URL (`${DASHBOARD_URL}/shared/<token>`), the only time the token is shown: ' +
          'only its SHA-256 is stored. hours: 1 to SHARE_LINK_MAX_HOURS, @default SHARE_LINK_DEFAULT_HOURS. ' +
          "A resolved alarm: 409. The alarm's timeline and the audit log record it.",
        security: [{ bearer: [] }],
        params: IdParams,
        body: CreateShareLinkRequestSchema,
        response: { 201: CreatedShareLinkSchema, ...Answers, 409: ProblemDetailsRef },
      },
    },
    async (request, reply): Promise<CreatedShareLink> => {
      const alarm = await alarmOf(request.params.id, request);
      assertActive(alarm);
      const settings = app.shareLinkSettings;
      throwIfInvalid(shareLinkErrors(request.body, settings.maxHours) ?? {});
      const recipient = request.body.recipient.trim();
      const createdAt = new Date();
      const expiresAt = new Date(
        createdAt.getTime() + (request.body.hours ?? settings.defaultHours) * HOUR_MS,
      );
      const token = newShareLinkToken();
      const userId = request.user!.userId;
      const by = await userName(app.db, userId);
      const id = await inTransaction(app.db, async (trx) => {
        const linkId = await insertShareLink(trx, {
          alarmId: alarm.id,
          vehicleId: alarm.vehicleId,
          tokenHash: shareLinkTokenHash(token),
          recipient,
          createdByUserId: userId,
          createdAt,
          expiresAt,
        });
        await addAlarmEvent(trx, {
          alarmId: alarm.id,
          type: 'ShareLink',
          byUserId: userId,
          text: shareLinkSharedText({ recipient, expiresDateTime: expiresAt.toISOString() }, by, createdAt),
          at: createdAt,
        });
        await recordAudit(trx, request, {
          action: 'ShareLinkCreated',
          targetType: 'Vehicle',
          targetId: alarm.vehicleId,
          detail: { alarmId: alarm.id, shareLinkId: linkId, recipient, expiresAt: expiresAt.toISOString() },
        });
        return linkId;
      });
      events.emit('alarm', { vehicleId: alarm.vehicleId, alarmId: alarm.id });
      const link = await findShareLink(app.db, id);
      if (!link) throw notFound(`Live location link ${id} was not found.`);
      void reply.code(201);
      return { ...link, url: `${app.dashboardUrl}/shared/${token}` };
    },
  );

  app.get(
    '/Alarms/:id/ShareLinks',
    {
      schema: {
        tags: ['Alarms'],
        summary: "The alarm's live-location links, newest first, with their state and views (never a token)",
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: ShareLinkListSchema, ...Answers },
      },
    },
    async (request) => listShareLinks(app.db, (await alarmOf(request.params.id, request)).id),
  );

  app.post(
    '/ShareLinks/:id/Revoke',
    {
      schema: {
        tags: ['Alarms'],
        summary: 'End a live-location link now: its page says it has expired from the next read',
        description:
          "The alarm's timeline and the audit log record it. A link already revoked is answered as it stands.",
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: ShareLinkSchema, ...Answers },
      },
    },
    async (request) => {
      const link = await linkOf(request.params.id, request);
      const userId = request.user!.userId;
      const at = new Date();
      const by = await userName(app.db, userId);
      const revoked = await inTransaction(app.db, async (trx) => {
        if (!(await revokeShareLink(trx, link.id, userId, at))) return false;
        await addAlarmEvent(trx, {
          alarmId: link.alarmId,
          type: 'ShareLink',
          byUserId: userId,
          text: shareLinkRevokedText(link, by),
          at,
        });
        await recordAudit(trx, request, {
          action: 'ShareLinkRevoked',
          targetType: 'Vehicle',
          targetId: link.vehicleId,
          detail: { alarmId: link.alarmId, shareLinkId: link.id, recipient: link.recipient },
        });
        return true;
      });
      if (revoked) events.emit('alarm', { vehicleId: link.vehicleId, alarmId: link.alarmId });
      return (await findShareLink(app.db, link.id)) ?? link;
    },
  );
};

export const shareLinkRoutes = routePlugin('share-links', routes, {
  dependencies: ['sentinel-vehicle-events', 'sentinel-share-link-settings', 'sentinel-accounts'],
  decorators: ['db', 'vehicleEvents', 'shareLinkSettings', 'dashboardUrl'],
});
