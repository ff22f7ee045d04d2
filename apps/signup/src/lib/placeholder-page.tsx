import { Logo, PageHeader } from '@sentinel/ui';

/** A screen a later issue builds: its title for now, so every route is reachable and recognisable. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <main className="placeholder-page">
      <Logo />
      <PageHeader title={title} />
    </main>
  );
}
