import { useAtomValue } from 'jotai';
import { NavLink } from 'react-router';
import { topTabsForRole } from '@sentinel/domain';
import { authorisedUserAtom } from '../../../lib/session';
import { useReaches } from '../hooks/use-reaches';

export function TopTabs() {
  const reaches = useReaches();
  const tabs = topTabsForRole(useAtomValue(authorisedUserAtom)?.userRole ?? '').filter(
    (tab) => tab.path !== undefined && reaches(tab.path),
  );
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
