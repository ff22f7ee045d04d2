import { SECOND_FACTOR, STEP_UP_REQUIRED } from '@sentinel/domain';
import type { SecondFactorKind } from '@sentinel/domain';
import { ApiError } from './api-error';
import type { ErrorBody } from './api-error';

/**
 * The server asks the signed-in person to confirm it is them with their second factor before a
 * privileged action (lock, unlock, device change, staff role and contact changes, factor resets):
 * a 403 whose `type` is 'step-up-required'. It is an ApiError, so a screen that shows refusals shows
 * its message ("Confirm it is you with your second factor.") when nobody confirms.
 */
export class StepUpRequiredError extends ApiError {
  override readonly name: string = 'StepUpRequiredError';
  /** The second factors the person can confirm with, as the server listed them. */
  readonly factors: readonly SecondFactorKind[];

  constructor(body: ErrorBody) {
    super(403, body);
    const kinds: readonly string[] = Object.values(SECOND_FACTOR);
    this.factors = (body.factors ?? []).filter((factor): factor is SecondFactorKind =>
      kinds.includes(factor),
    );
  }
}

export function isStepUpRequiredError(error: unknown): error is StepUpRequiredError {
  return error instanceof StepUpRequiredError;
}

/** The step-up refusal an error is, typed, or undefined when it is something else. */
export function asStepUpRequired(error: unknown): StepUpRequiredError | undefined {
  if (error instanceof StepUpRequiredError) return error;
  if (!(error instanceof ApiError) || error.status !== 403 || error.body?.type !== STEP_UP_REQUIRED)
    return undefined;
  return new StepUpRequiredError(error.body);
}
