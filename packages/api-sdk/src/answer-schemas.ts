import { Type } from '@sinclair/typebox';
import {
  MessageAnswerSchema,
  PhoneVerificationSchema,
  SecondFactorChallengeSchema,
  SignInAnswerSchema,
  TokenPairSchema,
} from '@sentinel/domain';

/**
 * The contract's answer schemas that calls name rather than import. Only the answer checker (loaded
 * when a client validates answers) imports this module at runtime; the calls take their types from
 * it with a type-only import, so a production bundle of those calls holds no schema at all.
 * A call moves here by adding its schema under its `$id` and passing that name to the caller.
 */
export const ANSWER_SCHEMAS = {
  MessageAnswer: MessageAnswerSchema,
  PhoneVerification: PhoneVerificationSchema,
  SignInAnswer: SignInAnswerSchema,
  /** POST /Auth/SignInByEmail: the sign-in, or the second factor's challenge for staff who must give one. */
  SignInStep: Type.Union([SignInAnswerSchema, SecondFactorChallengeSchema]),
  TokenPair: TokenPairSchema,
};
