import { NavLink, Outlet } from 'react-router';
import { MENU } from '@sentinel/domain';
import { PageHeader } from '@sentinel/ui';

// The pipeline's tabs, in the spec's order.
const PIPELINE = [MENU.outstandingDetails, MENU.bookingPending, MENU.scheduled];

export function OnboardingLayout() {
  return (
    <section className="onboarding-layout">
      <PageHeader title="Onboarding" />
      <nav className="onboarding-layout__tabs" aria-label="Onboarding">
        <ul>
          {PIPELINE.map((tab) => (
            <li key={tab.path}>
              <NavLink to={tab.path}>{tab.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </section>
  );
}
