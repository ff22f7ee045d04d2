import { Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PATHS } from '@sentinel/domain';
import { lazyComponent, lazyWithApiServices } from '../lib/lazy-component';
import { PlaceholderPage } from '../lib/placeholder-page';

export const NOT_FOUND_TEXT = "Oops! It looks like the page you're looking for is lost.";

const passwordPages = () => import('../features/passwords/components/password-pages');

// Every screen loads when first visited. Sign-up calls the api only from its last step, which
// loads the api services itself; the other screens call it at once and load them beside them.
const SignUpPage = lazyComponent(
  () => import('../features/sign-up/components/sign-up-page'),
  (module) => module.SignUpPage,
);
const VerifyAccountPage = lazyWithApiServices(
  () => import('../features/verify-account/components/verify-account-page'),
  (module) => module.VerifyAccountPage,
);
const SuccessPage = lazyComponent(
  () => import('../features/success/components/success-page'),
  (module) => module.SuccessPage,
);
const CreatePasswordPage = lazyWithApiServices(passwordPages, (module) => module.CreatePasswordPage);
const ForgotPasswordPage = lazyWithApiServices(passwordPages, (module) => module.ForgotPasswordPage);
const ResetPasswordPage = lazyWithApiServices(passwordPages, (module) => module.ResetPasswordPage);

/**
 * The customer screens of spec part 2. A screen's chunk takes a moment on its first visit; the
 * page stays blank that long rather than flashing a spinner.
 */
export function AppRoutes() {
  return (
    <Suspense fallback={null}>
      <Switch>
        {/* This app is the customer sign-up, so its start page (and the end of a reset) is the first step. */}
        <Route path={PATHS.root}>
          <Redirect to={PATHS.signUp} replace />
        </Route>
        <Route path={PATHS.signUp} component={SignUpPage} />
        <Route path={PATHS.verifyAccount} component={VerifyAccountPage} />
        <Route path={PATHS.success} component={SuccessPage} />
        <Route path={PATHS.createPassword} component={CreatePasswordPage} />
        <Route path={PATHS.forgotPassword} component={ForgotPasswordPage} />
        <Route path={PATHS.resetPassword} component={ResetPasswordPage} />
        <Route>
          <PlaceholderPage title={NOT_FOUND_TEXT} />
        </Route>
      </Switch>
    </Suspense>
  );
}
