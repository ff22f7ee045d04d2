/*
 * Staff second factors, sessions and step-up: the sign-in's second step, enrolment, 'Your
 * sessions' and the step-up confirmations. WebAuthn options and credentials are the JSON of
 * @simplewebauthn (PublicKeyCredential*OptionsJSON, RegistrationResponseJSON,
 * AuthenticationResponseJSON), passed through as objects.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { MAX_LENGTH } from '../limits';
import { Nullable } from './common';

const SecondFactorKindSchema = Type.Union([
  Type.Literal('Totp'),
  Type.Literal('Passkey'),
  Type.Literal('RecoveryCode'),
]);

/** POST /Auth/SignInByEmail answer when the password is right and a second factor must follow. */
export const SecondFactorChallengeSchema = Type.Object(
  {
    secondFactorRequired: Type.Literal(true),
    /** Short-lived (5 minutes), single use, only for the /Auth/SecondFactor calls: never an access token. */
    challengeToken: Type.String(),
    userId: Type.Integer(),
    userRole: Type.String(),
    factors: Type.Array(SecondFactorKindSchema),
    /** The user has no factor and must enrol one now (MFA_REQUIRED). */
    enrolmentRequired: Type.Boolean(),
  },
  { $id: 'SecondFactorChallenge' },
);
export type SecondFactorChallenge = Static<typeof SecondFactorChallengeSchema>;

const challengeToken = Type.String({ maxLength: MAX_LENGTH.opaqueToken });
const code = Type.String({ maxLength: 64 });
/** A WebAuthn credential as the browser library hands it over (RegistrationResponseJSON or AuthenticationResponseJSON). */
const credential = Type.Object({}, { additionalProperties: true });
const name = Type.String({ maxLength: 100 });

export const ChallengeRequestSchema = Type.Object({ challengeToken });
export const ChallengeCodeRequestSchema = Type.Object({ challengeToken, code });
export const ChallengePasskeyRequestSchema = Type.Object({ challengeToken, credential });
export const ChallengePasskeyRegistrationSchema = Type.Object({
  challengeToken,
  credential,
  name: Type.Optional(name),
});
export const CodeRequestSchema = Type.Object({ code });
export const PasskeyRequestSchema = Type.Object({ credential });
export const PasskeyRegistrationRequestSchema = Type.Object({ credential, name: Type.Optional(name) });

/** WebAuthn options (creation or request) as JSON for @simplewebauthn/browser. */
export const WebAuthnOptionsSchema = Type.Object({}, { additionalProperties: true, $id: 'WebAuthnOptions' });

/** A new authenticator-app secret: the manual key (base32) and the otpauth:// URI for the QR code. */
export const TotpEnrolmentSchema = Type.Object(
  { secret: Type.String(), otpauthUri: Type.String() },
  { $id: 'TotpEnrolment' },
);
export type TotpEnrolment = Static<typeof TotpEnrolmentSchema>;

/** A new set of recovery codes, shown once. */
export const RecoveryCodesSchema = Type.Object(
  { recoveryCodes: Type.Array(Type.String()) },
  { $id: 'RecoveryCodes' },
);
export type RecoveryCodes = Static<typeof RecoveryCodesSchema>;

/** SignInAnswer, plus the recovery codes when the sign-in enrolled the user's first factor. */
export const SignInWithRecoveryCodesSchema = Type.Object(
  {
    userRole: Type.String(),
    accessToken: Type.String(),
    refreshToken: Type.String(),
    userId: Type.Integer(),
    recoveryCodes: Type.Optional(Type.Array(Type.String())),
  },
  { $id: 'SignInWithRecoveryCodes' },
);

export const PasskeySummarySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdDateTime: Type.String(),
  lastUsedDateTime: Nullable(Type.String()),
});

/** GET /My/SecondFactors answer. */
export const MySecondFactorsSchema = Type.Object(
  {
    totp: Type.Boolean(),
    passkeys: Type.Array(PasskeySummarySchema),
    recoveryCodesLeft: Type.Integer({ minimum: 0 }),
  },
  { $id: 'MySecondFactors' },
);
export type MySecondFactors = Static<typeof MySecondFactorsSchema>;

/** One session (sign-in) in 'Your sessions' or an Admin's view of a user's. */
export const StaffSessionSchema = Type.Object(
  {
    id: Type.String(),
    /** e.g. 'Chrome on Linux'; for display only. */
    browser: Type.String(),
    address: Type.String(),
    createdDateTime: Type.String(),
    lastUsedDateTime: Type.String(),
    /** The session this request comes from. */
    current: Type.Boolean(),
  },
  { $id: 'StaffSession' },
);
export type StaffSession = Static<typeof StaffSessionSchema>;
export const StaffSessionListSchema = Type.Array(StaffSessionSchema);
