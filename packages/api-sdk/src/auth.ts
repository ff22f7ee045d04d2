import type {
  CompletePasswordResetRequest,
  ConfirmPhoneRequest,
  CreatePasswordRequest,
  LogoutRequest,
  MessageAnswer,
  PhoneVerification,
  SecondFactorChallenge,
  ResendPhoneConfirmationRequest,
  SignInAnswer,
  SignInRequest,
  SignUpRequest,
  StartPasswordResetRequest,
  TokenPair,
  VerifyPasswordResetRequest,
} from '@sentinel/domain';
import type { Caller } from './caller';
import { SecondFactorRequiredError } from './errors/second-factor-required-error';

/** POST /Auth/SignInByEmail body. */
export type SignInByEmailRequest = SignInRequest;

/** A successful sign-in is exactly what the apps store as the authorised user. */
export type SignInByEmailResponse = SignInAnswer;

/**
 * What POST /Auth/SignInByEmail answers: the sign-in, or for staff who must give a second factor a
 * SecondFactorChallenge (tell them apart with `isSecondFactorChallenge`).
 */
export type SignInStep = SignInAnswer | SecondFactorChallenge;

/** Whether a sign-in answer asks for the second factor (or its enrolment) rather than letting the user in. */
export function isSecondFactorChallenge(answer: SignInStep): answer is SecondFactorChallenge {
  return 'secondFactorRequired' in answer && answer.secondFactorRequired;
}

export type { TokenPair };

export interface AuthApi {
  /**
   * Signs in with email and password (no auth header). Throws ApiError on 400 and 401, and
   * SecondFactorRequiredError (with the `challenge`) when the server asks for a second factor: an app
   * that offers the second step calls `signIn` instead.
   */
  signInByEmail(request: SignInByEmailRequest): Promise<SignInByEmailResponse>;
  /**
   * POST /Auth/SignInByEmail, answering either the sign-in or, for staff who must give a second
   * factor, the SecondFactorChallenge: finish with `secondFactor.totp`, `.passkey` or `.recoveryCode`,
   * or enrol first when `enrolmentRequired` (`secondFactor.confirmTotp`, `.registerPasskey`).
   */
  signIn(request: SignInByEmailRequest): Promise<SignInStep>;
  /**
   * Exchanges a pair for a new one (no auth header). The client calls this itself when a token
   * expires; call it directly only outside a client-managed session, as replaying a used refresh
   * token revokes its whole family.
   */
  refreshTokens(pair: TokenPair): Promise<TokenPair>;
  /**
   * POST /Auth/Logout (no auth header): ends the sign-in of the refresh token, every token rotated
   * from it included. Answers the same for a token the server no longer knows.
   */
  logout(request: LogoutRequest): Promise<MessageAnswer>;
  /**
   * POST /Auth/SignUp (no auth header): adds the account holder and texts a code; answers the
   * number to confirm. Throws ApiError whose `errors` map fields to messages on 400.
   */
  signUp(request: SignUpRequest): Promise<PhoneVerification>;
  /** POST /Auth/ConfirmPhone: resolves on 200; a wrong, expired or spent code throws ApiError (`errors.PhoneConfirmationToken`). */
  confirmPhone(request: ConfirmPhoneRequest): Promise<MessageAnswer>;
  /** POST /Auth/ResendPhoneConfirmation: texts a new code; throws ApiError (429) when asked again too soon. */
  resendPhoneConfirmation(request: ResendPhoneConfirmationRequest): Promise<MessageAnswer>;
  /** POST /Auth/StartPasswordReset: e-mails a reset link; answers the same for any valid address. */
  startPasswordReset(request: StartPasswordResetRequest): Promise<MessageAnswer>;
  /** POST /Auth/VerifyPasswordReset: resolves when the link's token is live. */
  verifyPasswordReset(request: VerifyPasswordResetRequest): Promise<MessageAnswer>;
  /** POST /Auth/CompletePasswordReset: sets the new password and signs out every session. */
  completePasswordReset(request: CompletePasswordResetRequest): Promise<MessageAnswer>;
  /** POST /My/CreatePassword: the first password, with the token of the e-mailed creation link (no auth header). */
  createPassword(request: CreatePasswordRequest): Promise<MessageAnswer>;
}

export function createAuthApi(caller: Pick<Caller, 'call'>): AuthApi {
  const signIn = ({ email, password }: SignInByEmailRequest) =>
    caller.call({ method: 'post', path: 'Auth/SignInByEmail', json: { email, password } }, 'SignInStep');
  return {
    signIn,
    async signInByEmail(request) {
      const answer = await signIn(request);
      if (isSecondFactorChallenge(answer)) throw new SecondFactorRequiredError(answer);
      return answer;
    },
    refreshTokens: ({ accessToken, refreshToken }) =>
      caller.call(
        { method: 'post', path: 'Auth/RefreshTokens', json: { accessToken, refreshToken } },
        'TokenPair',
      ),
    logout: ({ refreshToken }) =>
      caller.call({ method: 'post', path: 'Auth/Logout', json: { refreshToken } }, 'MessageAnswer'),
    signUp: (request) =>
      caller.call(
        { method: 'post', path: 'Auth/SignUp', json: { PhoneCode: '27', ...request } },
        'PhoneVerification',
      ),
    confirmPhone: (request) =>
      caller.call({ method: 'post', path: 'Auth/ConfirmPhone', json: request }, 'MessageAnswer'),
    resendPhoneConfirmation: (request) =>
      caller.call({ method: 'post', path: 'Auth/ResendPhoneConfirmation', json: request }, 'MessageAnswer'),
    startPasswordReset: (request) =>
      caller.call({ method: 'post', path: 'Auth/StartPasswordReset', json: request }, 'MessageAnswer'),
    verifyPasswordReset: (request) =>
      caller.call({ method: 'post', path: 'Auth/VerifyPasswordReset', json: request }, 'MessageAnswer'),
    completePasswordReset: (request) =>
      caller.call({ method: 'post', path: 'Auth/CompletePasswordReset', json: request }, 'MessageAnswer'),
    createPassword: (request) =>
      caller.call({ method: 'post', path: 'My/CreatePassword', json: request }, 'MessageAnswer'),
  };
}
