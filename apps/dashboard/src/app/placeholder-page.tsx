import { PageHeader } from '@sentinel/ui';

/**
 * A route whose screen a later issue builds: it shows the screen's title so every route of the spec
 * is reachable and recognisable now.
 */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className="placeholder-page">
      <PageHeader title={title} />
    </section>
  );
}
