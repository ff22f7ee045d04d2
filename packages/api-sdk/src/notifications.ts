import type { Caller } from './caller';

/** Escalation contacts and notification preferences of an account holder. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the feature
export interface NotificationsApi {}

export function createNotificationsApi(_caller: Pick<Caller, 'callAuthorised'>): NotificationsApi {
  return {};
}
