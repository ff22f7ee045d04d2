import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router';
import { dashboardSignInRefusal, PATHS, signInFailureMessage } from '@sentinel/domain';
import type { SignInRequest } from '@sentinel/domain';
import { isApiError, isNetworkError, isSecondFactorChallenge } from '@sentinel/api-sdk';
import { useApiClient } from '../../../lib/api-client';
import { authorisedUserAtom } from '../../../lib/session';
import { challengeAtom } from '../stores/challenge';
import { SECOND_FACTOR_PATHS } from '../paths';

// Not a message of the auth service (the spec leaves those to it): the request never reached it.
export const UNREACHABLE_MESSAGE = 'The server could not be reached. Check your connection and try again.';

export interface SignInState {
  submitting: boolean;
  /** The message to show under the form, if any. */
  message: string | undefined;
  signIn(request: SignInRequest): Promise<void>;
}

/**
 * Sign-in: idle, submitting, then the user stored and /agent, or a message. Staff who must give a
 * second factor go on to its step (or to enrol one) with the challenge kept in memory.
 */
export function useSignIn(): SignInState {
  const client = useApiClient();
  const setUser = useSetAtom(authorisedUserAtom);
  const setChallenge = useSetAtom(challengeAtom);
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<string | undefined>();

  async function signIn(request: SignInRequest): Promise<void> {
    setSubmitting(true);
    setMessage(undefined);
    try {
      const user = await client.auth.signIn(request);
      // Account holders get a valid answer but are not let in, and nothing of theirs is kept.
      const refusal = dashboardSignInRefusal(user.userRole);
      if (refusal !== undefined) {
        setMessage(refusal);
        return;
      }
      if (isSecondFactorChallenge(user)) {
        setChallenge(user);
        await navigate(user.enrolmentRequired ? SECOND_FACTOR_PATHS.enrol : SECOND_FACTOR_PATHS.secondFactor);
        return;
      }
      setUser(user);
      await navigate(PATHS.agent, { replace: true });
    } catch (error) {
      if (isApiError(error)) setMessage(signInFailureMessage(error.body));
      else if (isNetworkError(error)) setMessage(UNREACHABLE_MESSAGE);
      else throw error;
    } finally {
      setSubmitting(false);
    }
  }

  return { submitting, message, signIn };
}
