import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { routePlugin } from '../plugins/route-plugin';

/** An account holder's escalation contacts and notification preferences (staff, in their scope). */
const routes: FastifyPluginAsyncTypebox = async () => {};

export const escalationContactRoutes = routePlugin('escalation-contacts', routes);
