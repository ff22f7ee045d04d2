import { NavLink } from 'react-router';
import { TOP_TABS } from '@sentinel/domain';

export function TopTabs() {
  return (
    <nav className="top-tabs" aria-label="Main">
      <ul className="top-tabs__list">
        {TOP_TABS.map((tab) => (
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
