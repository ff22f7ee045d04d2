import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { PATHS } from '@sentinel/domain';
import { PlaceholderPage } from '../lib/placeholder-page';

export const NOT_FOUND_TEXT = "Oops! It looks like the page you're looking for is lost.";

/** The customer screens of spec part 2; each shows its title until its issue builds it. */
export const routes: RouteObject[] = [
  // This app is the customer sign-up, so its start page is the first step.
  { path: PATHS.root, element: <Navigate to={PATHS.signUp} replace /> },
  { path: PATHS.signUp, element: <PlaceholderPage title="Sign up" /> },
  { path: '/verify-account', element: <PlaceholderPage title="Confirm your cellphone number" /> },
  { path: '/success', element: <PlaceholderPage title="Success" /> },
  { path: '/create-password', element: <PlaceholderPage title="Create password" /> },
  { path: PATHS.forgotPassword, element: <PlaceholderPage title="Forgot password" /> },
  { path: PATHS.resetPassword, element: <PlaceholderPage title="Reset password" /> },
  { path: '*', element: <PlaceholderPage title={NOT_FOUND_TEXT} /> },
];
