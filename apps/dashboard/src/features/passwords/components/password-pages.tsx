import { useAtom } from 'jotai';
import { useNavigate, useSearchParams } from 'react-router';
import { CreatePasswordScreen, ForgotPasswordScreen, ResetPasswordScreen } from '@sentinel/screens/passwords';
import { dashboardSignInRefusal, MESSAGES, PATHS } from '@sentinel/domain';
import type { SignInRequest } from '@sentinel/domain';
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
 * of a recent sign-in is made after signing in again on the page; the new sign-in is kept.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useApiClient();
  const [user, setUser] = useAtom(authorisedUserAtom);
  const signInAgain = async (request: SignInRequest) => {
    const signedIn = await client.auth.signInByEmail(request);
    // As at /login: the dashboard keeps staff sign-ins only.
    if (dashboardSignInRefusal(signedIn.userRole) !== undefined) throw new Error(MESSAGES.invalidSignIn);
    setUser(signedIn);
  };
  return (
    <ResetPasswordScreen
      auth={client.auth}
      my={user === null ? undefined : client.my}
      signInAgain={signInAgain}
      token={params.get('token')}
      onReset={() => void navigate(PATHS.root, { replace: true })}
    />
  );
}
