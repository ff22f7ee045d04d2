import { useAtomValue } from 'jotai';
import { useNavigate, useSearchParams } from 'react-router';
import { CreatePasswordScreen, ForgotPasswordScreen, ResetPasswordScreen } from '@sentinel/screens/passwords';
import { PATHS } from '@sentinel/domain';
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
 * staff changes their password ('Change password' in the menu).
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useApiClient();
  const user = useAtomValue(authorisedUserAtom);
  return (
    <ResetPasswordScreen
      auth={client.auth}
      my={user === null ? undefined : client.my}
      token={params.get('token')}
      onReset={() => void navigate(PATHS.root, { replace: true })}
    />
  );
}
