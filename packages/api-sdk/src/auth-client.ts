import { createAuthApi } from './auth';
import type { AuthApi } from './auth';
import { createConnection } from './connection';
import type { ConnectionOptions } from './connection';

/** Options of `createAuthClient`: the connection only, as no call of it sends a session. */
export type AuthClientOptions = ConnectionOptions;

/**
 * The auth calls on their own (sign-in, sign-up, phone confirmation, the password calls), for an
 * app that has no signed-in user. It bundles none of the other resources, no token refresh and no
 * contract schema, which is what keeps the signup app's first page small; `createApiClient`'s
 * `auth` holds the same calls.
 */
export function createAuthClient(options: AuthClientOptions): AuthApi {
  return createAuthApi(createConnection(options));
}
