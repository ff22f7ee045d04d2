/* Access requests (POPIA section 23): the Admin's routes and the public download, registered together. */
import fp from 'fastify-plugin';
import { adminsOnly } from '../plugins/route-groups';
import { dataAccessDownloadRoutes } from './public-routes';
import { dataAccessRequestRoutes } from './routes';

export const accessRequestsPlugin = fp(
  async (app) => {
    await app.register(adminsOnly(dataAccessRequestRoutes));
    await app.register(dataAccessDownloadRoutes);
  },
  { name: 'sentinel-access-requests', dependencies: ['sentinel-payments'] },
);
