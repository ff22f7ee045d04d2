import { useAtomValue } from 'jotai';
import { NavLink } from 'react-router';
import { topTabsForRole } from '@sentinel/domain';
import { authorisedUserAtom } from '../../../lib/session';

export function TopTabs() {
  const tabs = topTabsForRole(useAtomValue(authorisedUserAtom)?.userRole ?? '');
  return (
    <nav className="top-tabs" aria-label="Main">
      <ul className="top-tabs__list">
        {tabs.map((tab) => (
          <li key={tab.label}>
            <NavLink className="top-tabs__tab" to={tab.path ?? '/'}>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
