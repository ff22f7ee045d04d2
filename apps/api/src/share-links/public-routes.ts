import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { routePlugin } from '../plugins/route-plugin';

/** What a live-location link shows (public: the token is the key). */
const routes: FastifyPluginAsyncTypebox = async () => {};

export const sharedLocationRoutes = routePlugin('shared-location', routes);
