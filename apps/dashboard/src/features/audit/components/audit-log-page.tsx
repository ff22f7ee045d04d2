import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useInfiniteQuery } from '@tanstack/react-query';
import { AUDIT_ACTIONS, formatHistoryDate, ROLE } from '@sentinel/domain';
import type { AuditEntry } from '@sentinel/domain';
import { EmptyState, PageHeader, SearchField, Select, TextField } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { PagedList } from '../../../lib/paged-list';
import { authorisedUserAtom } from '../../../lib/session';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { auditQueries } from '../api/audit-queries';
import type { AuditFilters } from '../api/audit-queries';
import { HolderFilter, useHolderParam } from './holder-filter';
import './audit-log.css';

/** Entries this close to the end of what is loaded ask for the next page. */
const LOAD_AHEAD_ROWS = 10;
const ALL_ACTIONS = 'all';

/** 'SignInFailed' → 'Sign in failed'. */
export const actionLabel = (action: string) =>
  action
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/ (\w)/g, (_match, letter: string) => ` ${letter.toLowerCase()}`);

/** /admin/audit-log: the Admin's paged, filtered view of GET /AuditLog, newest first. */
export function AuditLogPage() {
  const role = useAtomValue(authorisedUserAtom)?.userRole;
  const [action, setAction] = useState(ALL_ACTIONS);
  const [user, setUser] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const settledUser = useDebouncedValue(user);
  const [holder, chooseHolder] = useHolderParam();

  if (role !== ROLE.admin) {
    return (
      <section className="audit-page">
        <PageHeader title="Audit log" />
        <EmptyState title="Only an Admin can read the audit log" />
      </section>
    );
  }
  return (
    <section className="audit-page">
      <PageHeader title="Audit log" />
      <div className="audit-page__controls">
        <Select
          label="Action"
          value={action}
          onValueChange={setAction}
          options={[
            { value: ALL_ACTIONS, label: 'All actions' },
            ...AUDIT_ACTIONS.map((name) => ({ value: name, label: actionLabel(name) })),
          ]}
        />
        <SearchField label="User e-mail" value={user} onValueChange={setUser} />
        <HolderFilter selected={holder} onSelectedChange={chooseHolder} />
        <TextField
          label="From"
          type="date"
          value={from}
          max={to || undefined}
          onChange={(event) => setFrom(event.target.value)}
        />
        <TextField
          label="To"
          type="date"
          value={to}
          min={from || undefined}
          onChange={(event) => setTo(event.target.value)}
        />
      </div>
      <AuditList
        filters={{
          action: action === ALL_ACTIONS ? null : action,
          user: settledUser,
          from,
          to,
          subjectUserId: holder?.id ?? null,
        }}
      />
    </section>
  );
}

function AuditList({ filters }: { filters: AuditFilters }) {
  const api = useApiClient();
  const query = useInfiniteQuery(auditQueries.list(api, filters));
  const total = query.data?.pages[0]?.totalCount ?? 0;
  const filtered =
    filters.action !== null ||
    filters.user.trim() !== '' ||
    filters.from !== '' ||
    filters.to !== '' ||
    filters.subjectUserId !== null;
  return (
    <>
      {total > 0 && (
        <p className="audit-page__count" role="status">
          {total === 1 ? '1 entry' : `${total} entries`}
        </p>
      )}
      <PagedList
        query={query}
        label="Audit entries"
        loadingLabel="Loading the audit log"
        empty={<EmptyState title={filtered ? 'No audit entries match' : 'There are no audit entries yet'} />}
        failed={<EmptyState title="The audit log could not be loaded" />}
        estimateSize={96}
        loadAhead={LOAD_AHEAD_ROWS}
        getKey={(entry) => entry.id}
        renderItem={(entry) => <AuditEntryRow entry={entry} />}
      />
    </>
  );
}

function AuditEntryRow({ entry }: { entry: AuditEntry }) {
  const detail = Object.entries(entry.detail ?? {});
  return (
    <article
      className="audit-entry"
      aria-label={`${actionLabel(entry.action)}, ${formatHistoryDate(entry.dateTime)}`}
    >
      <header className="audit-entry__header">
        <h2 className="audit-entry__action">{actionLabel(entry.action)}</h2>
        <time dateTime={entry.dateTime}>{formatHistoryDate(entry.dateTime)}</time>
      </header>
      <dl className="audit-entry__facts">
        <dt>By</dt>
        <dd>{entry.userEmail ?? 'System or device'}</dd>
        {entry.targetType !== null && (
          <>
            <dt>On</dt>
            <dd>{`${entry.targetType} ${entry.targetId ?? ''}`.trim()}</dd>
          </>
        )}
        {entry.subjectUserId !== null && (
          <>
            <dt>Person concerned</dt>
            <dd>{entry.subjectName ?? `Account holder ${entry.subjectUserId}`}</dd>
          </>
        )}
        <dt>From</dt>
        <dd>{[entry.ipAddress, entry.userAgent].filter(Boolean).join(' · ') || 'Unknown'}</dd>
        {detail.map(([key, value]) => (
          <FactRow key={key} name={key} value={value} />
        ))}
      </dl>
    </article>
  );
}

function FactRow({ name, value }: { name: string; value: unknown }) {
  return (
    <>
      <dt>{name}</dt>
      <dd>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
    </>
  );
}
