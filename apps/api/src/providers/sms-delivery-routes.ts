import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { routePlugin } from '../plugins/route-plugin';

/** The SMS provider's delivery reports (public: the provider calls it, and proves who it is). */
const routes: FastifyPluginAsyncTypebox = async () => {};

export const smsDeliveryRoutes = routePlugin('sms-delivery', routes);
