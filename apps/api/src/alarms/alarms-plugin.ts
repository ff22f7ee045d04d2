/*
 * The alarms' moving parts outside a request: the settings the telemetry service reads, and the
 * DeviceSilent sweep (every silentSweepMs from ready to close, on every instance; a sweep still
 * running when the next is due lets it pass).
 */
import fp from 'fastify-plugin';
import { sweepSilentDevices } from './alarm-raising';
import { alarmSettings } from './alarm-settings';
import type { AlarmOptions, AlarmSettings } from './alarm-settings';

declare module 'fastify' {
  interface FastifyInstance {
    /** The ALARM_* settings, for the telemetry service that raises alarms. */
    alarmSettings: AlarmSettings;
  }
}

export const alarmsPlugin = fp<AlarmOptions>(
  (app, options, done) => {
    const settings = alarmSettings(options);
    app.decorate('alarmSettings', settings);
    let timer: NodeJS.Timeout | undefined;
    let sweeping: Promise<unknown> | undefined;
    const sweep = () => {
      if (sweeping) return;
      sweeping = sweepSilentDevices(app.db, app.vehicleEvents, settings)
        .then((opened) => {
          if (opened > 0) app.log.info({ opened }, 'DeviceSilent alarms opened');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'silent device sweep failed'))
        .finally(() => (sweeping = undefined));
    };
    app.addHook('onReady', (ready) => {
      timer = setInterval(sweep, settings.silentSweepMs);
      timer.unref();
      ready();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await sweeping;
    });
    done();
  },
  { name: 'sentinel-alarms', dependencies: ['sentinel-db', 'sentinel-vehicle-events'] },
);
