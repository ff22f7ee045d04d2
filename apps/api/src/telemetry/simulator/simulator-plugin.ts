import fp from 'fastify-plugin';
import { createSimulator } from './simulator';
import type { Simulator, SimulatorOptions } from './simulator';

declare module 'fastify' {
  interface FastifyInstance {
    /** The device simulator, when build() was asked for one; null otherwise. */
    simulator: Simulator | null;
  }
}

export interface SimulatorPluginOptions {
  /** False (the default in build()) leaves the simulator out; true or options put it in. */
  simulator?: boolean | SimulatorOptions | undefined;
}

/** Runs the simulator from ready to close; it reports through app.telemetry like a device. */
export const simulatorPlugin = fp<SimulatorPluginOptions>(
  (app, { simulator: wanted }, done) => {
    if (wanted === undefined || wanted === false) {
      app.decorate('simulator', null);
      return done();
    }
    const simulator = createSimulator(
      {
        db: app.db,
        telemetry: app.telemetry,
        commands: app.commands,
        onError: (error) => app.log.error({ err: error }, 'device simulator report failed'),
      },
      wanted === true ? {} : wanted,
    );
    app.decorate('simulator', simulator);
    app.addHook('onReady', (ready) => {
      simulator.start();
      ready();
    });
    // Stop before anything closes: a round in progress finishes while the database is open.
    app.addHook('preClose', () => simulator.stop());
    done();
  },
  { name: 'sentinel-simulator', dependencies: ['sentinel-telemetry', 'sentinel-commands'] },
);
