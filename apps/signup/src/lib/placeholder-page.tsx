import { PageHeader } from '@sentinel/ui';

/** A page with only its title (the not-found page); the app's header above it carries the logo. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <main className="placeholder-page">
      <PageHeader title={title} />
    </main>
  );
}
