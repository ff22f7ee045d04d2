import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router';
import { PATHS } from '@sentinel/domain';
import type { SignInAnswer } from '@sentinel/domain';
import { authorisedUserAtom } from '../../../lib/session';
import { challengeAtom } from '../stores/challenge';

/** Lets the signed-in staff member in: stores the user, forgets the challenge, goes to /agent. */
export function useFinishSignIn(): (answer: SignInAnswer) => Promise<void> {
  const setUser = useSetAtom(authorisedUserAtom);
  const setChallenge = useSetAtom(challengeAtom);
  const navigate = useNavigate();
  return async ({ userRole, accessToken, refreshToken, userId }) => {
    setChallenge(null);
    // Only the session's four fields are kept (an enrolment's answer also holds the recovery codes).
    setUser({ userRole, accessToken, refreshToken, userId });
    await navigate(PATHS.agent, { replace: true });
  };
}
