import {
  CreatedShareLinkSchema,
  SharedLocationSchema,
  ShareLinkListSchema,
  ShareLinkSchema,
} from '@sentinel/domain';
import type { CreatedShareLink, CreateShareLinkRequest, SharedLocation, ShareLink } from '@sentinel/domain';
import type { Caller } from './caller';

/** Live-location links for responders, made from an alarm. */
export interface ShareLinksApi {
  /**
   * POST /Alarms/{id}/ShareLinks: a link to the alarm's vehicle's live location for `recipient`
   * ('Armed response'), living `hours` (1 to the server's SHARE_LINK_MAX_HOURS, at most 24). The
   * answer's `url` holds the token and is the only time it is given. Throws ApiError 400 with
   * `errors` at Recipient or Hours, 404 for an alarm outside the caller's scope, 409 once resolved.
   */
  create(alarmId: number, request: CreateShareLinkRequest): Promise<CreatedShareLink>;
  /** GET /Alarms/{id}/ShareLinks: the alarm's links, newest first, with state and views (no token). */
  list(alarmId: number): Promise<ShareLink[]>;
  /** POST /ShareLinks/{id}/Revoke: ends the link now; a revoked one is answered as it stands. */
  revoke(shareLinkId: number): Promise<ShareLink>;
  /**
   * GET /Shared/{token}, without signing in (the token is the key): the vehicle, its latest
   * position and last 30 minutes of track, who shared it and until when. A link that is unknown,
   * expired or revoked: ApiError 404 whose message is 'This link has expired'.
   */
  shared(token: string): Promise<SharedLocation>;
}

export function createShareLinksApi(caller: Pick<Caller, 'call' | 'callAuthorised'>): ShareLinksApi {
  return {
    create: (alarmId, request) =>
      caller.callAuthorised(
        { method: 'post', path: `Alarms/${alarmId}/ShareLinks`, json: request },
        CreatedShareLinkSchema,
      ),
    list: (alarmId) =>
      caller.callAuthorised({ method: 'get', path: `Alarms/${alarmId}/ShareLinks` }, ShareLinkListSchema),
    revoke: (shareLinkId) =>
      caller.callAuthorised({ method: 'post', path: `ShareLinks/${shareLinkId}/Revoke` }, ShareLinkSchema),
    // The token goes in the path as it is: base64url needs no escaping, and anything else is
    // escaped so it cannot reach another route.
    shared: (token) =>
      caller.call({ method: 'get', path: `Shared/${encodeURIComponent(token)}` }, SharedLocationSchema),
  };
}
