import fp from 'fastify-plugin';
import { createTelemetryService } from './telemetry-service';
import type { TelemetryService } from './telemetry-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stores device reports; shared by the ingestion route and the simulator. */
    telemetry: TelemetryService;
  }
}

/** Decorates app.telemetry; needs the database, the vehicle event bus and the alarm settings first. */
export const telemetryPlugin = fp(
  (app, _options, done) => {
    const telemetry = createTelemetryService(app.db, app.vehicleEvents, app.alarmSettings);
    app.decorate('telemetry', telemetry);
    // Reports already handed in are stored before the database closes (its onClose runs after).
    app.addHook('onClose', () => telemetry.drain());
    done();
  },
  { name: 'sentinel-telemetry', dependencies: ['sentinel-db', 'sentinel-vehicle-events', 'sentinel-alarms'] },
);
