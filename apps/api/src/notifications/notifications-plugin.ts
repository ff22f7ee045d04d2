/*
 * The notifications' moving parts outside a request: the outbox worker that sends what an alarm
 * queued, and the sweep that tells the holder's escalation contacts when nobody acknowledged it.
 * Both run on every instance from ready to close; close waits for the batch in flight.
 */
import fp from 'fastify-plugin';
import { sweepEscalations } from './escalation';
import { notificationSettings } from './notification-settings';
import type { NotificationOptions, NotificationSettings } from './notification-settings';
import { OutboxWorker } from './outbox-worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** The NOTIFY_* settings, and the instance's outbox worker (tests run it at will). */
    notifications: { settings: NotificationSettings; worker: OutboxWorker };
  }
}

export const notificationsPlugin = fp<NotificationOptions>(
  (app, options, done) => {
    const settings = notificationSettings(options);
    const worker = new OutboxWorker(
      {
        db: app.db,
        messages: app.messages,
        webPush: app.webPush,
        events: app.vehicleEvents,
        dashboardUrl: app.dashboardUrl,
        log: app.log,
      },
      settings,
    );
    app.decorate('notifications', { settings, worker });

    let sweepTimer: NodeJS.Timeout | undefined;
    let sweeping: Promise<unknown> | undefined;
    const sweep = () => {
      if (sweeping) return;
      sweeping = sweepEscalations(app.db, app.vehicleEvents, settings)
        .then((told) => {
          if (told > 0) app.log.info({ told }, 'escalation contacts told');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'escalation sweep failed'))
        .finally(() => (sweeping = undefined));
    };
    app.addHook('onReady', (ready) => {
      if (settings.sending) worker.start();
      sweepTimer = setInterval(sweep, settings.escalationSweepMs);
      sweepTimer.unref();
      ready();
    });
    app.addHook('preClose', async () => {
      clearInterval(sweepTimer);
      await Promise.all([sweeping, worker.stop()]);
    });
    done();
  },
  {
    name: 'sentinel-notifications',
    dependencies: [
      'sentinel-db',
      'sentinel-providers',
      'sentinel-push',
      'sentinel-accounts',
      'sentinel-vehicle-events',
    ],
  },
);
