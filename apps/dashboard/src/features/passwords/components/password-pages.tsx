import { useAtom } from 'jotai';
import { useNavigate, useSearchParams } from 'react-router';
import { startAuthentication } from '@simplewebauthn/browser';
import type { SecondFactorChallenge } from '@sentinel/api-sdk';
import { CreatePasswordScreen, ForgotPasswordScreen, ResetPasswordScreen } from '@sentinel/screens/passwords';
import { signInSteps } from '@sentinel/screens/second-factor';
import { dashboardSignInRefusal, MESSAGES, PATHS } from '@sentinel/domain';
import type { SignInAnswer, SignInRequest } from '@sentinel/domain';
import { useApiClient } from '../../../lib/api-client';
import { authorisedUserAtom } from '../../../lib/session';

/** /create-password: the shared screen with the e-mailed link's token (new agents land here). */
export function CreatePasswordPage() {
  const [params] = useSearchParams();
  return <CreatePasswordScreen auth={useApiClient().auth} token={params.get('token')} />;
}

export function ForgotPasswordPage() {
  return <ForgotPasswordScreen auth={useApiClient().auth} />;
}

/**
 * /reset-password: with a token, a reset that ends at '/'; without one, the signed-in member of
 * staff changes their password ('Change password' in the menu). A change the api refuses for want
 * of a recent sign-in is made after signing in again on the page, with the second factor when the
 * account has one (code, recovery code or passkey, as at /login); the new sign-in is kept.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useApiClient();
  const [user, setUser] = useAtom(authorisedUserAtom);
  const keep = ({ userRole, accessToken, refreshToken, userId }: SignInAnswer) => {
    // As at /login: the dashboard keeps staff sign-ins only, and only the session's four fields.
    if (dashboardSignInRefusal(userRole) !== undefined) throw new Error(MESSAGES.invalidSignIn);
    setUser({ userRole, accessToken, refreshToken, userId });
  };
  const signInAgain = async (request: SignInRequest) => keep(await client.auth.signInByEmail(request));
  const secondFactor = (challenge: SecondFactorChallenge) =>
    signInSteps(client.secondFactor, challenge, keep, (optionsJSON) => startAuthentication({ optionsJSON }));
  return (
    <ResetPasswordScreen
      auth={client.auth}
      my={user === null ? undefined : client.my}
      signInAgain={signInAgain}
      secondFactor={secondFactor}
      token={params.get('token')}
      onReset={() => void navigate(PATHS.root, { replace: true })}
    />
  );
}
