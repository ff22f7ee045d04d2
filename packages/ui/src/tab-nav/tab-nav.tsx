import type { ReactElement, ReactNode } from 'react';
import { Slot } from 'radix-ui';
import { clsx } from 'clsx';

export interface TabNavItem {
  label: string;
  href: string;
  /** True for the tab of the current route. */
  active: boolean;
}

export interface TabNavProps {
  items: readonly TabNavItem[];
  /**
   * Renders one tab's link, e.g. `(item, children) => <Link to={item.href}>{children}</Link>`, so
   * the app's router handles the navigation. The kit adds its class and `aria-current` to the
   * returned element. @default a plain `<a href>`
   */
  renderLink?: ((item: TabNavItem, children: ReactNode) => ReactElement) | undefined;
  /** Accessible name of the nav landmark, e.g. 'Onboarding'. Name it when a page has several navs. */
  label?: string | undefined;
  className?: string;
}

/** Route tabs: links in a nav, the current one marked aria-current="page" (not ARIA tabs: each is a page). */
export function TabNav({ items, renderLink, label, className }: TabNavProps) {
  return (
    <nav className={clsx('sn-tab-nav', className)} aria-label={label}>
      <ul className="sn-tab-nav__list">
        {items.map((item) => (
          <li key={item.href} className="sn-tab-nav__item">
            {/* Slot merges the class and aria-current onto whatever link the app renders. */}
            <Slot.Root
              className={clsx('sn-tab-nav__link', item.active && 'sn-tab-nav__link--active')}
              aria-current={item.active ? 'page' : undefined}
            >
              {renderLink ? renderLink(item, item.label) : <a href={item.href}>{item.label}</a>}
            </Slot.Root>
          </li>
        ))}
      </ul>
    </nav>
  );
}
