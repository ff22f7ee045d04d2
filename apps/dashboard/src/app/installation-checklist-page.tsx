import { PageHeader } from '@sentinel/ui';

export const CHECKLIST_GONE_TEXT =
  'This version of the checklist is no longer available. Please use the new one.';

/** The obsolete checklist: the spec keeps the route but shows only this line under its header. */
export function InstallationChecklistPage() {
  return (
    <main className="installation-checklist-page">
      <PageHeader title="Installation Checklist" />
      <p>{CHECKLIST_GONE_TEXT}</p>
    </main>
  );
}
