import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { MAX_LENGTH } from '../limits';

/** POST /Auth/SignInByEmail body. */
export const SignInRequestSchema = Type.Object({
  email: Type.String({ maxLength: MAX_LENGTH.email }),
  password: Type.String({ maxLength: MAX_LENGTH.password }),
});
export type SignInRequest = Static<typeof SignInRequestSchema>;

/** POST /Auth/SignInByEmail answer: what the apps keep as the signed-in (authorised) user. */
export const SignInAnswerSchema = Type.Object(
  {
    userRole: Type.String(),
    accessToken: Type.String(),
    refreshToken: Type.String(),
    userId: Type.Integer(),
  },
  { $id: 'SignInAnswer' },
);
export type SignInAnswer = Static<typeof SignInAnswerSchema>;

/** POST /Auth/RefreshTokens body: the pair to trade in (the access token may be expired). */
export const RefreshTokensRequestSchema = Type.Object({
  accessToken: Type.String({ maxLength: MAX_LENGTH.accessToken }),
  refreshToken: Type.String({ maxLength: MAX_LENGTH.opaqueToken }),
});

/** POST /Auth/RefreshTokens answer: a new pair; the refresh token rotates on every use. */
export const TokenPairSchema = Type.Object(
  { accessToken: Type.String(), refreshToken: Type.String() },
  { $id: 'TokenPair' },
);
export type TokenPair = Static<typeof TokenPairSchema>;
