import { useLocation, useSearchParams } from 'wouter';
import { CreatePasswordScreen, ForgotPasswordScreen, ResetPasswordScreen } from '@sentinel/screens/passwords';
import { PATHS } from '@sentinel/domain';
import { useAuthApi } from '../../../lib/api-services';

/** /create-password: the shared screen, with the token of the e-mailed link. */
export function CreatePasswordPage() {
  const [params] = useSearchParams();
  return <CreatePasswordScreen auth={useAuthApi()} token={params.get('token')} />;
}

export function ForgotPasswordPage() {
  return <ForgotPasswordScreen auth={useAuthApi()} />;
}

/** /reset-password: customers come with a token (no one is signed in here), then go to '/'. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  return (
    <ResetPasswordScreen
      auth={useAuthApi()}
      token={params.get('token')}
      onReset={() => navigate(PATHS.root, { replace: true })}
    />
  );
}
