import fp from 'fastify-plugin';
import { VehicleEvents } from '../vehicles/vehicle-events';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stored vehicle changes ('gps', 'lock', 'tamper', 'onboarding'), emitted after each commit. */
    vehicleEvents: VehicleEvents;
  }
}

/** Decorates the root instance with the vehicle event bus; listeners are dropped on close. */
export const vehicleEventsPlugin = fp(
  (app, _options, done) => {
    const events = new VehicleEvents();
    app.decorate('vehicleEvents', events);
    app.addHook('onClose', async () => {
      events.removeAllListeners();
    });
    done();
  },
  { name: 'sentinel-vehicle-events' },
);
