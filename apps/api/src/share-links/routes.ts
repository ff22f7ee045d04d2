import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { routePlugin } from '../plugins/route-plugin';

/** Live-location links made from an alarm (staff, in their scope). */
const routes: FastifyPluginAsyncTypebox = async () => {};

export const shareLinkRoutes = routePlugin('share-links', routes);
