import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { routePlugin } from '../plugins/route-plugin';

/** The signed-in staff member's browsers' Web Push subscriptions. */
const routes: FastifyPluginAsyncTypebox = async () => {};

export const pushSubscriptionRoutes = routePlugin('push-subscriptions', routes);
