/*
 * The notification settings (NOTIFY_* in the README): when the holder's escalation contacts are
 * told, how often and how long a message is retried. The notifications plugin holds them.
 */

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in with the settings
export interface NotificationOptions {}

export function notificationOptions(_env: NodeJS.ProcessEnv = process.env): NotificationOptions {
  return {};
}
