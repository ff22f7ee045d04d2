import { CreatedDataAccessRequestSchema, DataAccessRequestListSchema } from '@sentinel/domain';
import type { CreateDataAccessRequest, CreatedDataAccessRequest, DataAccessRequest } from '@sentinel/domain';
import type { Caller } from './caller';

/** Access requests (POPIA section 23): an Admin's download of everything held about one account holder. */
export interface DataAccessRequestsApi {
  /**
   * POST /Users/{id}/DataAccessRequests: a link to a zip of the holder's data that works for a day.
   * `fixesFrom` and `fixesTo` (ISO 8601, inclusive) narrow the position fixes; @default every fix.
   * The answer's `downloadUrl` holds the token and is the only time it is given; opening it needs
   * no sign-in. Throws ApiError 400 with `errors` at FixesFrom or FixesTo, 404 for a user who is
   * not an account holder, 403 for anyone but an Admin (or asking for a second factor again).
   */
  create(userId: number, request?: CreateDataAccessRequest): Promise<CreatedDataAccessRequest>;
  /** GET /Users/{id}/DataAccessRequests: the holder's requests, newest first (never a token). */
  list(userId: number): Promise<DataAccessRequest[]>;
}

export function createDataAccessRequestsApi(caller: Pick<Caller, 'callAuthorised'>): DataAccessRequestsApi {
  return {
    create: (userId, request = {}) =>
      caller.callAuthorised(
        { method: 'post', path: `Users/${userId}/DataAccessRequests`, json: request },
        CreatedDataAccessRequestSchema,
      ),
    list: (userId) =>
      caller.callAuthorised(
        { method: 'get', path: `Users/${userId}/DataAccessRequests` },
        DataAccessRequestListSchema,
      ),
  };
}
