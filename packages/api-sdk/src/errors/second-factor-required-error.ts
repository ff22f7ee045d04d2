import type { SecondFactorChallenge } from '@sentinel/domain';

/**
 * `auth.signInByEmail` got a SecondFactorChallenge: the password was right and the server asks for
 * the second factor (or its enrolment) before it lets the person in. An app that offers the second
 * step calls `auth.signIn`, which answers the challenge instead of throwing.
 */
export class SecondFactorRequiredError extends Error {
  override readonly name = 'SecondFactorRequiredError';
  /** The challenge to finish the sign-in with (keep its token in memory only). */
  readonly challenge: SecondFactorChallenge;

  constructor(challenge: SecondFactorChallenge) {
    super('This account signs in with a second factor.');
    this.challenge = challenge;
  }
}

export function isSecondFactorRequiredError(error: unknown): error is SecondFactorRequiredError {
  return error instanceof SecondFactorRequiredError;
}
