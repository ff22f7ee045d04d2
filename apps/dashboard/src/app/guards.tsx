import { useAtomValue } from 'jotai';
import { Navigate, Outlet } from 'react-router';
import { PATHS, rootRedirectPath } from '@sentinel/domain';
import type { ReactNode } from 'react';
import { authorisedUserAtom } from '../lib/session';

/** '/': the customer sign-up on an 'app.' host, the staff sign-in elsewhere. */
export function RootRedirect() {
  return <Navigate to={rootRedirectPath(window.location.hostname)} replace />;
}

/** /agent/** and /admin/**: a stored user or back to '/'. */
export function RequireUser() {
  const user = useAtomValue(authorisedUserAtom);
  return user ? <Outlet /> : <Navigate to={PATHS.root} replace />;
}

/** /login: a signed-in user goes straight to /agent. */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const user = useAtomValue(authorisedUserAtom);
  return user ? <Navigate to={PATHS.agent} replace /> : children;
}
