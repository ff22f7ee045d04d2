import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { MAX_LENGTH } from '../limits';

/**
 * POST /Auth/Logout body: the refresh token of the sign-in to end. No access token is needed (it
 * may have expired); the refresh token is the proof, and every token of its sign-in stops working.
 */
export const LogoutRequestSchema = Type.Object({
  refreshToken: Type.String({ maxLength: MAX_LENGTH.opaqueToken }),
});
export type LogoutRequest = Static<typeof LogoutRequestSchema>;
