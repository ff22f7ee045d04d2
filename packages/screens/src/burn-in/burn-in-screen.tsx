import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorText, isApiError } from '@sentinel/api-sdk';
import { Alert, BurnInSummary, Button, PageHeader, SearchField, Spinner, Switch } from '@sentinel/ui';
import {
  BURN_IN_MESSAGES,
  BURN_IN_TITLE,
  countTests,
  HISTORY_LOCALE,
  HISTORY_TIME_ZONE,
} from '@sentinel/domain';
import { AddDeviceDialog } from './add-device-dialog';
import { burnInQueries } from './burn-in-queries';
import type { BurnInServices } from './burn-in-queries';
import { DeviceList } from './device-list';
import { RemoveDeviceDialog } from './remove-device-dialog';
import { useBenchActions } from './use-bench-actions';
import type { BenchNotice } from './use-bench-actions';
import { useBenchLayout } from './use-bench-layout';
import './burn-in-screen.css';

export type BurnInScreenProps = BurnInServices;

// To the second: results change every few seconds while tests run. South African time, as history.
const updatedFormat = new Intl.DateTimeFormat(HISTORY_LOCALE, {
  timeZone: HISTORY_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * The burn-in dashboard (spec part 2 §2): devices on stations, their tests, the counters, auto
 * refresh, and the Add Device and Remove Device modals. The app passes the services in.
 */
export function BurnInScreen({ burnIn, devices }: BurnInScreenProps) {
  const queries = useMemo(() => burnInQueries({ burnIn, devices }), [burnIn, devices]);
  const [autoRefresh, setAutoRefresh] = useState(false);
  const results = useQuery(queries.results(autoRefresh));
  const [notice, setNotice] = useState<BenchNotice | null>(null);
  const notify = useCallback((next: BenchNotice) => setNotice(next), []);
  const actions = useBenchActions({ burnIn }, notify);
  const layout = useBenchLayout();
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const [dialog, setDialog] = useState<'add' | 'remove' | null>(null);
  const [manualStations, setManualStations] = useState<string[]>([]);

  const units = results.data ?? [];
  const wanted = search.trim().toLowerCase();
  const shown = units.filter((unit) => unit.unitSerialNumber.toLowerCase().includes(wanted));
  const lastUpdated = results.dataUpdatedAt > 0 ? updatedFormat.format(results.dataUpdatedAt) : '-';
  const noDevices = units.length === 0;

  return (
    <div className={`burn-in-screen burn-in-screen--${layout}`} data-layout={layout}>
      <PageHeader title={BURN_IN_TITLE} />
      <div className="burn-in-screen__toolbar">
        <SearchField label="Search by serial number" value={search} onValueChange={setSearch} />
        <div className="burn-in-screen__actions">
          <Button variant="secondary" onClick={() => setDialog('add')}>
            Add Device
          </Button>
          <Button variant="secondary" onClick={() => setDialog('remove')}>
            Remove Device
          </Button>
          <Button
            disabled={noDevices}
            busy={actions.startAll.isPending}
            onClick={() => actions.startAll.mutate()}
          >
            Run all tests
          </Button>
          <Button
            variant="danger"
            disabled={noDevices}
            busy={actions.stopAll.isPending}
            onClick={() => actions.stopAll.mutate()}
          >
            Stop all tests
          </Button>
        </div>
      </div>
      {/* A failed read answered by the service; no answer at all is only logged (by the app's query cache). */}
      {results.isError && isApiError(results.error) && (
        <Alert variant="error" title={BURN_IN_MESSAGES.getResultsFailed}>
          {errorText(results.error)}
        </Alert>
      )}
      {notice && (
        <Alert variant={notice.variant} title={notice.title} className="burn-in-screen__notice">
          {notice.detail}
          <Button variant="ghost" onClick={() => setNotice(null)}>
            Dismiss
          </Button>
        </Alert>
      )}
      <section aria-label="Test summary">
        <BurnInSummary counts={countTests(units)} />
      </section>
      <div className="burn-in-screen__refresh">
        <Switch label="Auto Refresh" checked={autoRefresh} onCheckedChange={setAutoRefresh} />
        <p>
          Last Updated:{' '}
          <time
            dateTime={results.dataUpdatedAt > 0 ? new Date(results.dataUpdatedAt).toISOString() : undefined}
          >
            {lastUpdated}
          </time>
        </p>
      </div>
      {results.isPending ? (
        <Spinner label="Loading devices" />
      ) : (
        <DeviceList
          units={shown}
          lastUpdated={lastUpdated}
          expanded={expanded}
          onExpandedChange={(serial, open) => setExpanded((all) => ({ ...all, [serial]: open }))}
          actions={actions}
        />
      )}
      <Button className="burn-in-screen__fab" onClick={() => void results.refetch()}>
        {noDevices ? 'Get Devices' : 'Get Results'}
      </Button>
      <AddDeviceDialog
        open={dialog === 'add'}
        onOpenChange={(open) => setDialog(open ? 'add' : null)}
        queries={queries}
        manualStations={manualStations}
        onManualStations={setManualStations}
        onAdd={(serial, stationId) => actions.addUnit.mutateAsync({ serial, stationId })}
        notify={notify}
      />
      <RemoveDeviceDialog
        open={dialog === 'remove'}
        onOpenChange={(open) => setDialog(open ? 'remove' : null)}
        serials={units.map((unit) => unit.unitSerialNumber)}
        onRemove={(serial) => actions.removeUnit.mutateAsync(serial)}
      />
    </div>
  );
}
