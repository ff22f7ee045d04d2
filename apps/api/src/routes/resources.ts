import type { FastifyInstance } from 'fastify';
import { ArmingScheduleSchema } from '@sentinel/domain';
import { adminsOnly, signedIn, staffOnly } from '../plugins/route-groups';
import { auditRoutes } from '../audit/routes';
import { breachRegisterRoutes } from '../breach-register/routes';
import { devicesRoutes, DeviceItem } from '../devices/routes';
import { devOutboxRoutes } from '../dev-outbox/routes';
import { driversRoutes, DriverItem } from '../drivers/routes';
import { historyRoutes } from '../history/routes';
import { subscriptionPlansRoutes } from '../subscription-plans/routes';
import { usersRoutes } from '../users/routes';
import { companiesRoutes } from '../companies/routes';
import { vehiclesRoutes } from '../vehicles/routes';
import { onboardingRoutes } from '../onboarding/routes';
import { vehicleTypesRoutes } from '../vehicle-types/routes';
import { bookingsRoutes } from '../bookings/routes';
import { paymentsPlugin } from '../payments/payments-plugin';
import type { PaymentsPluginOptions } from '../payments/payments-plugin';
import { paymentPublicRoutes } from '../payments/routes';
import { subscriptionsRoutes } from '../subscriptions/routes';
import { importsRoutes } from '../imports/routes';
import { importWorkerPlugin } from '../imports/import-worker-plugin';
import { replayRoutes } from '../replay/routes';
import type { ImportLimits } from '../imports/import-limits';
import { deviceTestCommandRoutes } from '../commands/device-test-routes';
import { alarmsRoutes } from '../alarms/routes';
import { alarmFigureRoutes } from '../alarms/figure-routes';
import { armingRoutes } from '../arming/routes';
import { geofencesRoutes } from '../geofences/routes';

export interface ResourceRoutesOptions {
  /** Serve GET /Dev/Outbox (Admin only). */
  devOutbox: boolean;
  /** The payment provider and the api's public URL (see PaymentsPluginOptions). */
  payments?: PaymentsPluginOptions | undefined;
  /** The limits of one import file (see ImportLimits for the defaults). */
  importLimits?: Partial<ImportLimits> | undefined;
}

/**
 * The clients, accounts, vehicle-card and history calls: one encapsulated plugin per resource,
 * inside the staff group (routes for managers only narrow it with `config.roles`), and arming,
 * which account holders may call too.
 * Schemas more than one resource answers with are added to the root so OpenAPI lists each once.
 */
export async function registerResourceRoutes(
  app: FastifyInstance,
  options: ResourceRoutesOptions,
): Promise<void> {
  await app.register(paymentsPlugin, options.payments ?? {});
  await app.register(importWorkerPlugin, { limits: options.importLimits });
  app.addSchema(DriverItem);
  app.addSchema(DeviceItem);
  // Every Vehicle answer and the arming routes refer to it.
  app.addSchema(ArmingScheduleSchema);
  await app.register(
    staffOnly(
      usersRoutes,
      driversRoutes,
      vehiclesRoutes,
      historyRoutes,
      replayRoutes,
      devicesRoutes,
      subscriptionPlansRoutes,
      companiesRoutes,
      vehicleTypesRoutes,
      onboardingRoutes,
      bookingsRoutes,
      subscriptionsRoutes,
      importsRoutes,
      deviceTestCommandRoutes,
      alarmsRoutes,
      alarmFigureRoutes,
      geofencesRoutes,
    ),
  );
  // Arming: staff and account holders alike (the mobile app arms its owner's vehicles).
  await app.register(signedIn(armingRoutes));
  // The audit log and the breach register (POPIA section 22): an Admin's alone.
  await app.register(adminsOnly(auditRoutes, breachRegisterRoutes));
  // Deposits: the provider's notifications and the sandbox's checkout page need no person's token.
  await app.register(paymentPublicRoutes);
  if (options.devOutbox) await app.register(adminsOnly(devOutboxRoutes));
}
