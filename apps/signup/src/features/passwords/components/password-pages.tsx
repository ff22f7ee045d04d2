import { useNavigate, useSearchParams } from 'react-router';
import { CreatePasswordScreen, ForgotPasswordScreen, ResetPasswordScreen } from '@sentinel/screens/passwords';
import { PATHS } from '@sentinel/domain';
import { useApiClient } from '../../../lib/api-client';

/** /create-password: the shared screen, with the token of the e-mailed link. */
export function CreatePasswordPage() {
  const [params] = useSearchParams();
  return <CreatePasswordScreen auth={useApiClient().auth} token={params.get('token')} />;
}

export function ForgotPasswordPage() {
  return <ForgotPasswordScreen auth={useApiClient().auth} />;
}

/** /reset-password: customers come with a token (no one is signed in here), then go to '/'. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <ResetPasswordScreen
      auth={useApiClient().auth}
      token={params.get('token')}
      onReset={() => void navigate(PATHS.root, { replace: true })}
    />
  );
}
