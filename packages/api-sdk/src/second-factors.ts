import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import {
  MySecondFactorsSchema,
  RecoveryCodesSchema,
  SignInAnswerSchema,
  SignInWithRecoveryCodesSchema,
  TotpEnrolmentSchema,
  WebAuthnOptionsSchema,
} from '@sentinel/domain';
import type {
  MySecondFactors,
  RecoveryCodes,
  SecondFactorChallenge,
  SignInAnswer,
  TotpEnrolment,
} from '@sentinel/domain';
import type { Static, TSchema } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import type { Caller } from './caller';

/** The sign-in that enrolled the user's first factor, with its recovery codes (shown once). */
export type SignInWithRecoveryCodes = Static<typeof SignInWithRecoveryCodesSchema>;

/** A 204 answer: nothing to read. */
const NO_CONTENT = Type.Unknown();

/** The challenge token of a sign-in's second step, from `auth.signInByEmail`'s SecondFactorChallenge. */
export interface ChallengeRequest {
  challengeToken: SecondFactorChallenge['challengeToken'];
}

/** A code typed at the second step: the authenticator app's 6 digits or a recovery code. */
export interface ChallengeCodeRequest extends ChallengeRequest {
  code: string;
}

/**
 * Second factors: the second step of a staff sign-in and enrolment at sign-in (no auth header; the
 * challenge token is the proof of the password), the signed-in user's own factors, and step-up
 * (bearer). WebAuthn options and credentials are the JSON of @simplewebauthn/browser's
 * startAuthentication and startRegistration.
 */
export interface SecondFactorApi {
  /** POST /Auth/SecondFactor/Totp: the authenticator app's code; answers the sign-in. 400 `errors.Code` when wrong, 429 after five. */
  totp(request: ChallengeCodeRequest): Promise<SignInAnswer>;
  /** POST /Auth/SecondFactor/RecoveryCode: one of the 10 recovery codes (each works once). */
  recoveryCode(request: ChallengeCodeRequest): Promise<SignInAnswer>;
  /** POST /Auth/SecondFactor/Passkey/Options: the options for startAuthentication. */
  passkeyOptions(request: ChallengeRequest): Promise<PublicKeyCredentialRequestOptionsJSON>;
  /** POST /Auth/SecondFactor/Passkey: startAuthentication's answer; answers the sign-in. */
  passkey(request: ChallengeRequest & { credential: AuthenticationResponseJSON }): Promise<SignInAnswer>;
  /** POST /Auth/SecondFactor/Totp/Enrol (enrolmentRequired): a new authenticator-app key and its otpauth URI. */
  enrolTotp(request: ChallengeRequest): Promise<TotpEnrolment>;
  /** POST /Auth/SecondFactor/Totp/Confirm: the first code from the app; answers the sign-in and the recovery codes. */
  confirmTotp(request: ChallengeCodeRequest): Promise<SignInWithRecoveryCodes>;
  /** POST /Auth/SecondFactor/Passkey/RegistrationOptions (enrolmentRequired): the options for startRegistration. */
  passkeyRegistrationOptions(request: ChallengeRequest): Promise<PublicKeyCredentialCreationOptionsJSON>;
  /** POST /Auth/SecondFactor/Passkey/Register: startRegistration's answer; answers the sign-in and the recovery codes. */
  registerPasskey(
    request: ChallengeRequest & { credential: RegistrationResponseJSON; name?: string },
  ): Promise<SignInWithRecoveryCodes>;

  /** GET /My/SecondFactors: whether the app is set up, the passkeys and how many recovery codes are left. */
  mine(): Promise<MySecondFactors>;
  /** POST /My/SecondFactors/Totp/Enrol: a new authenticator-app key (not in use until confirmed). */
  enrolMyTotp(): Promise<TotpEnrolment>;
  /** POST /My/SecondFactors/Totp/Confirm: the first code from the app; answers a new set of recovery codes. */
  confirmMyTotp(code: string): Promise<RecoveryCodes>;
  /** DELETE /My/SecondFactors/Totp. */
  removeMyTotp(): Promise<void>;
  /** POST /My/SecondFactors/Passkeys/RegistrationOptions: the options for startRegistration. */
  myPasskeyRegistrationOptions(): Promise<PublicKeyCredentialCreationOptionsJSON>;
  /** POST /My/SecondFactors/Passkeys: startRegistration's answer, with a name for the list. */
  addMyPasskey(request: { credential: RegistrationResponseJSON; name?: string }): Promise<void>;
  /** DELETE /My/SecondFactors/Passkeys/{id}. */
  removeMyPasskey(id: string): Promise<void>;
  /** POST /My/RecoveryCodes: a new set of 10; the old ones stop working. */
  newRecoveryCodes(): Promise<RecoveryCodes>;

  /** POST /My/StepUp/Totp: confirms it is the person before a privileged action (the session's second-factor time is renewed). */
  stepUpTotp(code: string): Promise<void>;
  /** POST /My/StepUp/RecoveryCode. */
  stepUpRecoveryCode(code: string): Promise<void>;
  /** POST /My/StepUp/Passkey/Options: the options for startAuthentication. */
  stepUpPasskeyOptions(): Promise<PublicKeyCredentialRequestOptionsJSON>;
  /** POST /My/StepUp/Passkey: startAuthentication's answer. */
  stepUpPasskey(credential: AuthenticationResponseJSON): Promise<void>;

  /** POST /Users/{id}/ResetSecondFactors (Admin; asks for step-up): the user enrols again at the next sign-in and is e-mailed. */
  resetUserSecondFactors(userId: number): Promise<void>;
}

export function createSecondFactorApi(caller: Caller): SecondFactorApi {
  /** A call of the sign-in's second step: no bearer, the challenge token in the body. */
  const open = <S extends TSchema>(path: string, json: unknown, answer: S) =>
    caller.call({ method: 'post', path, json }, answer);
  const signedIn = <S extends TSchema>(method: 'get' | 'post', path: string, answer: S, json: unknown = {}) =>
    caller.callAuthorised({ method, path, ...(method === 'post' ? { json } : {}) }, answer);
  const act = async (method: 'post' | 'delete', path: string, json: unknown = {}) => {
    await caller.callAuthorised({ method, path, ...(method === 'post' ? { json } : {}) }, NO_CONTENT);
  };
  // WebAuthn's options are checked as an object by the contract and typed as the browser library's JSON.
  const requestOptions = (answer: Promise<unknown>) =>
    answer as Promise<PublicKeyCredentialRequestOptionsJSON>;
  const creationOptions = (answer: Promise<unknown>) =>
    answer as Promise<PublicKeyCredentialCreationOptionsJSON>;

  return {
    totp: ({ challengeToken, code }) =>
      open('Auth/SecondFactor/Totp', { challengeToken, code }, SignInAnswerSchema),
    recoveryCode: ({ challengeToken, code }) =>
      open('Auth/SecondFactor/RecoveryCode', { challengeToken, code }, SignInAnswerSchema),
    passkeyOptions: ({ challengeToken }) =>
      requestOptions(open('Auth/SecondFactor/Passkey/Options', { challengeToken }, WebAuthnOptionsSchema)),
    passkey: ({ challengeToken, credential }) =>
      open('Auth/SecondFactor/Passkey', { challengeToken, credential }, SignInAnswerSchema),
    enrolTotp: ({ challengeToken }) =>
      open('Auth/SecondFactor/Totp/Enrol', { challengeToken }, TotpEnrolmentSchema),
    confirmTotp: ({ challengeToken, code }) =>
      open('Auth/SecondFactor/Totp/Confirm', { challengeToken, code }, SignInWithRecoveryCodesSchema),
    passkeyRegistrationOptions: ({ challengeToken }) =>
      creationOptions(
        open('Auth/SecondFactor/Passkey/RegistrationOptions', { challengeToken }, WebAuthnOptionsSchema),
      ),
    registerPasskey: ({ challengeToken, credential, name }) =>
      open(
        'Auth/SecondFactor/Passkey/Register',
        { challengeToken, credential, ...(name === undefined ? {} : { name }) },
        SignInWithRecoveryCodesSchema,
      ),

    mine: () => signedIn('get', 'My/SecondFactors', MySecondFactorsSchema),
    enrolMyTotp: () => signedIn('post', 'My/SecondFactors/Totp/Enrol', TotpEnrolmentSchema),
    confirmMyTotp: (code) => signedIn('post', 'My/SecondFactors/Totp/Confirm', RecoveryCodesSchema, { code }),
    removeMyTotp: () => act('delete', 'My/SecondFactors/Totp'),
    myPasskeyRegistrationOptions: () =>
      creationOptions(
        signedIn('post', 'My/SecondFactors/Passkeys/RegistrationOptions', WebAuthnOptionsSchema),
      ),
    addMyPasskey: ({ credential, name }) =>
      act('post', 'My/SecondFactors/Passkeys', { credential, ...(name === undefined ? {} : { name }) }),
    removeMyPasskey: (id) => act('delete', `My/SecondFactors/Passkeys/${encodeURIComponent(id)}`),
    newRecoveryCodes: () => signedIn('post', 'My/RecoveryCodes', RecoveryCodesSchema),

    stepUpTotp: (code) => act('post', 'My/StepUp/Totp', { code }),
    stepUpRecoveryCode: (code) => act('post', 'My/StepUp/RecoveryCode', { code }),
    stepUpPasskeyOptions: () =>
      requestOptions(signedIn('post', 'My/StepUp/Passkey/Options', WebAuthnOptionsSchema)),
    stepUpPasskey: (credential) => act('post', 'My/StepUp/Passkey', { credential }),

    resetUserSecondFactors: (userId) => act('post', `Users/${userId}/ResetSecondFactors`),
  };
}
