import { Link } from 'wouter';
import { Logo } from '@sentinel/ui';
import { PATHS } from '@sentinel/domain';

/** What the product is, beside its name, so a stranger's first page says whose service it is. */
export const PRODUCT_TAGLINE = 'Vehicle tracking and remote lock';

/**
 * The banner every page of the app opens with: the logo and the product's name (a link to the start
 * of the sign-up) and what the product is. It sits outside the routes, so it shows at once, before a
 * screen's code has arrived, and the shared password screens get it without a slot of their own.
 */
export function AppHeader() {
  return (
    <header className="app-header">
      <Link href={PATHS.signUp} className="app-header__home">
        <Logo />
      </Link>
      <p className="app-header__tagline">{PRODUCT_TAGLINE}</p>
    </header>
  );
}
