import { Suspense } from 'react';
import type { ComponentType } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PATHS } from '@sentinel/domain';
import { AppHeader } from '../lib/app-header';
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

/** One screen of the app at its path. */
export interface AppRoute {
  path: string;
  Screen: ComponentType;
}

/** This app is the customer sign-up, so its start page (and the end of a reset) is the first step. */
function StartAtSignUp() {
  return <Redirect to={PATHS.signUp} replace />;
}

/** The customer screens of spec part 2 (the browser tests walk this table). */
export const routes: AppRoute[] = [
  { path: PATHS.root, Screen: StartAtSignUp },
  { path: PATHS.signUp, Screen: SignUpPage },
  { path: PATHS.verifyAccount, Screen: VerifyAccountPage },
  { path: PATHS.success, Screen: SuccessPage },
  { path: PATHS.createPassword, Screen: CreatePasswordPage },
  { path: PATHS.forgotPassword, Screen: ForgotPasswordPage },
  { path: PATHS.resetPassword, Screen: ResetPasswordPage },
];

/**
 * The app's header, then the routes and the not-found page for any other path. A screen's chunk
 * takes a moment on its first visit; below the header the page stays blank that long rather than
 * flashing a spinner.
 */
export function AppRoutes() {
  return (
    <>
      <AppHeader />
      <Suspense fallback={null}>
        <Switch>
          {routes.map(({ path, Screen }) => (
            <Route key={path} path={path} component={Screen} />
          ))}
          <Route>
            <PlaceholderPage title={NOT_FOUND_TEXT} />
          </Route>
        </Switch>
      </Suspense>
    </>
  );
}
