import type { Caller } from './caller';

/** Live-location links for responders, made from an alarm. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the feature
export interface ShareLinksApi {}

export function createShareLinksApi(_caller: Pick<Caller, 'callAuthorised'>): ShareLinksApi {
  return {};
}
