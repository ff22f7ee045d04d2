import { Navigate } from 'react-router';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PATHS } from '@sentinel/domain';
import { PlaceholderPage } from '../lib/placeholder-page';

export const NOT_FOUND_TEXT = "Oops! It looks like the page you're looking for is lost.";

/** A route whose screen loads when it is first visited, so each screen is its own chunk. */
function lazyScreen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: pick(await load()) }) };
}

const passwordPages = () => import('../features/passwords/components/password-pages');

/** The customer screens of spec part 2. */
export const routes: RouteObject[] = [
  // This app is the customer sign-up, so its start page (and the end of a reset) is the first step.
  { path: PATHS.root, element: <Navigate to={PATHS.signUp} replace /> },
  {
    path: PATHS.signUp,
    ...lazyScreen(
      () => import('../features/sign-up/components/sign-up-page'),
      (module) => module.SignUpPage,
    ),
  },
  {
    path: PATHS.verifyAccount,
    ...lazyScreen(
      () => import('../features/verify-account/components/verify-account-page'),
      (module) => module.VerifyAccountPage,
    ),
  },
  {
    path: PATHS.success,
    ...lazyScreen(
      () => import('../features/success/components/success-page'),
      (module) => module.SuccessPage,
    ),
  },
  { path: PATHS.createPassword, ...lazyScreen(passwordPages, (module) => module.CreatePasswordPage) },
  { path: PATHS.forgotPassword, ...lazyScreen(passwordPages, (module) => module.ForgotPasswordPage) },
  { path: PATHS.resetPassword, ...lazyScreen(passwordPages, (module) => module.ResetPasswordPage) },
  { path: '*', element: <PlaceholderPage title={NOT_FOUND_TEXT} /> },
];
