import { SignInAnswerSchema, TokenPairSchema } from '@sentinel/domain';
import type { SignInAnswer, SignInRequest, TokenPair } from '@sentinel/domain';
import type { Caller } from './caller';

/** POST /Auth/SignInByEmail body. */
export type SignInByEmailRequest = SignInRequest;

/** A successful sign-in is exactly what the apps store as the authorised user. */
export type SignInByEmailResponse = SignInAnswer;

export type { TokenPair };

export interface AuthApi {
  /** Signs in with email and password (no auth header). Throws ApiError on 400 and 401. */
  signInByEmail(request: SignInByEmailRequest): Promise<SignInByEmailResponse>;
  /**
   * Exchanges a pair for a new one (no auth header). The client calls this itself when a token
   * expires; call it directly only outside a client-managed session, as replaying a used refresh
   * token revokes its whole family.
   */
  refreshTokens(pair: TokenPair): Promise<TokenPair>;
}

export function createAuthApi(caller: Pick<Caller, 'call'>): AuthApi {
  return {
    signInByEmail: ({ email, password }) =>
      caller.call(
        { method: 'post', path: 'Auth/SignInByEmail', json: { email, password } },
        SignInAnswerSchema,
      ),
    refreshTokens: ({ accessToken, refreshToken }) =>
      caller.call(
        { method: 'post', path: 'Auth/RefreshTokens', json: { accessToken, refreshToken } },
        TokenPairSchema,
      ),
  };
}
