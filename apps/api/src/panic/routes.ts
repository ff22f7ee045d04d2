import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { routePlugin } from '../plugins/route-plugin';

/** POST /My/Panic: the customer's mobile app raises a top-priority alarm. */
const routes: FastifyPluginAsyncTypebox = async () => {};

export const panicRoutes = routePlugin('panic', routes);
