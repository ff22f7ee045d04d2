import fp from 'fastify-plugin';
import { createCommandService } from './command-service';
import type { CommandService, CommandSettings } from './command-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Lock and unlock commands to devices; shared by the staff routes, the device channel and the simulator. */
    commands: CommandService;
  }
}

/** Decorates app.commands and runs the expiry sweep from ready to close. */
export const commandsPlugin = fp<CommandSettings>(
  (app, options, done) => {
    const commands = createCommandService(app.db, app.vehicleEvents, options);
    app.decorate('commands', commands);
    let timer: NodeJS.Timeout | undefined;
    let sweeping: Promise<unknown> = Promise.resolve();
    app.addHook('onReady', (ready) => {
      timer = setInterval(() => {
        sweeping = commands
          .expireDue()
          .catch((error: unknown) => app.log.error({ err: error }, 'command expiry sweep failed'));
      }, commands.settings.sweepIntervalMs);
      timer.unref();
      ready();
    });
    // Waiting device polls answer at once, so the server can close; a sweep finishes first.
    app.addHook('preClose', async () => {
      clearInterval(timer);
      commands.close();
      await sweeping;
    });
    done();
  },
  { name: 'sentinel-commands', dependencies: ['sentinel-db', 'sentinel-vehicle-events'] },
);
