import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SHARE_LINK_MESSAGES, SHARED_TRACK_MINUTES, SharedLocationSchema } from '@sentinel/domain';
import type { SharedLocation } from '@sentinel/domain';
import { notFound, ProblemDetailsRef } from '../errors';
import { tooManyRequests } from '../plugins/auth-limits';
import { routePlugin } from '../plugins/route-plugin';
import {
  findOpenLink,
  personName,
  recentTrack,
  recordShareLinkView,
  shareLinkTokenHash,
} from './share-link-queries';

const held = (value: string | null): string | null => (value === null || value.trim() === '' ? null : value);

/**
 * What a live-location link shows (public: the token is the key). Every token the page cannot
 * show, whether unknown, malformed, expired or revoked, gets the one 404 'This link has expired':
 * the token is hashed whatever it is and looked up once, so neither the answer nor its time tells
 * an attacker which of these it was.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const settings = app.shareLinkSettings;
  // The auth limiter's store (memory, or Redis shared by the instances), with this route's own
  // limit: the page asks every few seconds, which the sign-in calls' limit would refuse.
  const limit = app.createRateLimit({
    max: settings.viewsPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `shared-location:${request.ip}`,
  });

  app.get(
    '/Shared/:token',
    {
      schema: {
        tags: ['Share links'],
        summary: "A live-location link's page: the vehicle, its latest position and last 30 minutes of track",
        description:
          'No sign-in: the token is the key. Each answer records a view (time, address). Unknown, expired or ' +
          `revoked: 404 '${SHARE_LINK_MESSAGES.expired}', the same for all. At most SHARE_LINK_VIEWS_PER_MINUTE ` +
          'reads per address a minute, then 429.',
        params: Type.Object({ token: Type.String() }),
        response: { 200: SharedLocationSchema, 404: ProblemDetailsRef, 429: ProblemDetailsRef },
      },
      onRequest: async (request, reply) => {
        const outcome = await limit(request);
        if (outcome.isAllowed || !outcome.isExceeded) return;
        const seconds = Math.max(1, outcome.ttlInSeconds);
        void reply.header('retry-after', seconds);
        throw tooManyRequests(seconds);
      },
    },
    async (request, reply): Promise<SharedLocation> => {
      // A live position: never kept by a browser or a proxy, whatever the answer.
      void reply.header('cache-control', 'no-store');
      const now = new Date();
      const link = await findOpenLink(app.db, shareLinkTokenHash(request.params.token), now);
      if (!link) throw notFound(SHARE_LINK_MESSAGES.expired);
      await recordShareLinkView(app.db, { shareLinkId: link.id, at: now, address: request.ip });
      const track = await recentTrack(
        app.db,
        link.vehicleId,
        new Date(now.getTime() - SHARED_TRACK_MINUTES * 60_000),
      );
      const latitude = link.lastKnownGpsLatitudeDegrees;
      const longitude = link.lastKnownGpsLongitudeDegrees;
      const last = track.at(-1);
      return {
        registrationNumber: link.registrationNumber,
        make: held(link.make),
        model: held(link.model),
        colour: held(link.vehicleColour),
        position:
          latitude === null || longitude === null || link.gpsDateTime === null
            ? null
            : {
                latitudeDegrees: latitude,
                longitudeDegrees: longitude,
                dateTime: link.gpsDateTime,
                // The speed into the latest fix, when the track holds it and the one before.
                speedKmh: track.length > 1 && last?.at === link.gpsDateTime ? last.speedKmh : null,
              },
        track,
        sharedBy: personName(link.creatorFirstName, link.creatorLastName),
        recipient: link.recipient,
        expiresDateTime: link.expiresAt,
      };
    },
  );
};

export const sharedLocationRoutes = routePlugin('shared-location', routes, {
  dependencies: ['sentinel-share-link-settings', 'sentinel-auth-limits'],
  decorators: ['db', 'shareLinkSettings', 'createRateLimit'],
});
