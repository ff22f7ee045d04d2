/*
 * Sign-up, phone confirmation and the password calls (spec part 2 §7). Bodies keep the spec's
 * spelling; the api binds body keys case-insensitively.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { MAX_LENGTH } from '../limits';

/** POST /Auth/SignUp body: the sign-up entity. */
export const SignUpRequestSchema = Type.Object({
  Email: Type.String({ maxLength: MAX_LENGTH.email }),
  FirstName: Type.String({ maxLength: MAX_LENGTH.name }),
  LastName: Type.String({ maxLength: MAX_LENGTH.name }),
  Password: Type.String({ maxLength: MAX_LENGTH.password }),
  PhoneCode: Type.Optional(Type.String({ maxLength: MAX_LENGTH.phoneCode, description: '@default 27' })),
  PhoneNumber: Type.String({ maxLength: MAX_LENGTH.phoneNumber }),
  IdNumber: Type.String({ maxLength: MAX_LENGTH.idNumber }),
  IdNumberIsSouthAfrican: Type.Boolean(),
  acceptedTermsAndConditionsAndPolicy: Type.Boolean(),
  acceptedToAllowInformationToBeUsedToContact: Type.Optional(Type.Boolean()),
  turnstileToken: Type.Optional(Type.String({ maxLength: MAX_LENGTH.challengeToken })),
});
export type SignUpRequest = Static<typeof SignUpRequestSchema>;

/**
 * What the browser keeps in session storage between sign-up and Verify Account, and the number
 * POST /Auth/SignUp answers with (as stored: without the leading 0).
 */
export const PhoneVerificationSchema = Type.Object(
  { PhoneNumber: Type.String(), PhoneCode: Type.String() },
  { $id: 'PhoneVerification' },
);
export type PhoneVerification = Static<typeof PhoneVerificationSchema>;

/** POST /Auth/ConfirmPhone body. */
export const ConfirmPhoneRequestSchema = Type.Object({
  PhoneCode: Type.String({ maxLength: MAX_LENGTH.phoneCode }),
  PhoneNumber: Type.String({ maxLength: MAX_LENGTH.phoneNumber }),
  PhoneConfirmationToken: Type.String({ maxLength: MAX_LENGTH.otpCode }),
});
export type ConfirmPhoneRequest = Static<typeof ConfirmPhoneRequestSchema>;

/** POST /Auth/ResendPhoneConfirmation body. */
export const ResendPhoneConfirmationRequestSchema = Type.Object({
  phoneCode: Type.String({ maxLength: MAX_LENGTH.phoneCode }),
  phoneNumber: Type.String({ maxLength: MAX_LENGTH.phoneNumber }),
});
export type ResendPhoneConfirmationRequest = Static<typeof ResendPhoneConfirmationRequestSchema>;

/** POST /Auth/StartPasswordReset body. */
export const StartPasswordResetRequestSchema = Type.Object({
  Email: Type.String({ maxLength: MAX_LENGTH.email }),
});
export type StartPasswordResetRequest = Static<typeof StartPasswordResetRequestSchema>;

/** POST /Auth/VerifyPasswordReset body. */
export const VerifyPasswordResetRequestSchema = Type.Object({
  passwordResetToken: Type.String({ maxLength: MAX_LENGTH.opaqueToken }),
});
export type VerifyPasswordResetRequest = Static<typeof VerifyPasswordResetRequestSchema>;

/** POST /Auth/CompletePasswordReset body. */
export const CompletePasswordResetRequestSchema = Type.Object({
  passwordResetToken: Type.String({ maxLength: MAX_LENGTH.opaqueToken }),
  password: Type.String({ maxLength: MAX_LENGTH.password }),
  passwordConfirmation: Type.String({ maxLength: MAX_LENGTH.password }),
});
export type CompletePasswordResetRequest = Static<typeof CompletePasswordResetRequestSchema>;

/** POST /My/CreatePassword body: the token of the e-mailed creation link and the new password. */
export const CreatePasswordRequestSchema = Type.Object({
  password: Type.String({ maxLength: MAX_LENGTH.password }),
  passwordResetToken: Type.String({ maxLength: MAX_LENGTH.opaqueToken }),
});
export type CreatePasswordRequest = Static<typeof CreatePasswordRequestSchema>;

/** POST /My/UpdatePassword body: the signed-in user's new password. */
export const UpdatePasswordRequestSchema = Type.Object({
  password: Type.String({ maxLength: MAX_LENGTH.password }),
  passwordConfirmation: Type.String({ maxLength: MAX_LENGTH.password }),
});
export type UpdatePasswordRequest = Static<typeof UpdatePasswordRequestSchema>;

/** The answer of the sign-up and password calls: a sentence to show a person. */
export const MessageAnswerSchema = Type.Object({ message: Type.String() }, { $id: 'MessageAnswer' });
export type MessageAnswer = Static<typeof MessageAnswerSchema>;
