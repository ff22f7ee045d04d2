import { Fragment } from 'react';
import { useAtom } from 'jotai';
import { Link, useNavigate } from 'react-router';
import { menuForRole, PATHS } from '@sentinel/domain';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { authorisedUserAtom } from '../../../lib/session';
import { useReaches } from '../hooks/use-reaches';

/** The role's menu: items with a path are links (those the role reaches); Logout ends the sign-in on the server too and returns to '/'. */
export function UserMenu() {
  const [user, setUser] = useAtom(authorisedUserAtom);
  const navigate = useNavigate();
  const client = useApiClient();
  const reaches = useReaches();
  // Logout has no path; every other item is a link, offered only when the role reaches it.
  const items = menuForRole(user?.userRole ?? '').filter(
    (item) => item.path === undefined || reaches(item.path),
  );

  function logout() {
    // Revokes the refresh token on the server (the SDK clears the stored session first).
    void client.auth.signOut();
    setUser(null);
    void navigate(PATHS.root, { replace: true });
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="user-menu__trigger">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        Menu
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {items.map((item) =>
          item.path === undefined ? (
            <Fragment key={item.label}>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={logout}>{item.label}</DropdownMenuItem>
            </Fragment>
          ) : (
            <DropdownMenuItem key={item.label} asChild>
              <Link to={item.path}>{item.label}</Link>
            </DropdownMenuItem>
          ),
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
