import { Link } from 'react-router';
import { PATHS } from '@sentinel/domain';
import { Logo } from '@sentinel/ui';

export const NOT_FOUND_TEXT = "Oops! It looks like the page you're looking for is lost.";

export function NotFoundPage() {
  return (
    <main className="not-found-page">
      <Logo />
      <h1 className="not-found-page__text">{NOT_FOUND_TEXT}</h1>
      <Link to={PATHS.root}>Go to the start page</Link>
    </main>
  );
}
