/* The Web Push settings (VAPID_* in the README). Unset, staff browsers cannot subscribe. */

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in with the settings
export interface WebPushOptions {}

export function webPushOptions(_env: NodeJS.ProcessEnv = process.env): WebPushOptions {
  return {};
}
