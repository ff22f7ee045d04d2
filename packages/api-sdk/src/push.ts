import type { Caller } from './caller';

/** Web Push subscriptions of the signed-in staff member's browsers. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the feature
export interface PushApi {}

export function createPushApi(_caller: Pick<Caller, 'callAuthorised'>): PushApi {
  return {};
}
