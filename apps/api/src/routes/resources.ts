import type { FastifyInstance } from 'fastify';
import { devicesRoutes, DeviceItem } from './devices';
import { devOutboxRoutes } from './dev-outbox';
import { driversRoutes, DriverItem } from './drivers';
import { historyRoutes } from './history';
import { subscriptionPlansRoutes } from './subscription-plans';
import { usersRoutes } from './users';
import { vehiclesRoutes } from './vehicles';

export interface ResourceRoutesOptions {
  /** Serve GET /Dev/Outbox (Admin only). */
  devOutbox: boolean;
}

/**
 * The clients, accounts, vehicle-card and history calls: one encapsulated plugin per resource.
 * Schemas more than one resource answers with are added to the root so OpenAPI lists each once.
 */
export async function registerResourceRoutes(
  app: FastifyInstance,
  options: ResourceRoutesOptions,
): Promise<void> {
  app.addSchema(DriverItem);
  app.addSchema(DeviceItem);
  await app.register(usersRoutes);
  await app.register(driversRoutes);
  await app.register(vehiclesRoutes);
  await app.register(historyRoutes);
  await app.register(devicesRoutes);
  await app.register(subscriptionPlansRoutes);
  if (options.devOutbox) await app.register(devOutboxRoutes);
}
