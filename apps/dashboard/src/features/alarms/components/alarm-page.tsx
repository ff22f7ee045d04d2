import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '@sentinel/api-sdk';
import type { Alarm, AlarmPartner } from '@sentinel/api-sdk';
import {
  ALARM_KIND_LABELS,
  ALARM_PRIORITY_LABELS,
  ALARM_RESOLUTION_LABELS,
  PATHS,
  formatHistoryDate,
  isActiveAlarm,
  PRODUCT_NAME,
} from '@sentinel/domain';
import { Alert, AlarmTimeline, Button, EmptyState, PageHeader, ResponseClock, Spinner } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { vehicleQuery } from '../../../lib/server-cache';
import type { VehicleCardSlot } from '../../../lib/vehicle-card-slot';
import { alarmQueries, useAlarmActions } from '../api/alarm-queries';
import { useNow } from '../hooks/use-now';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AlarmContacts } from './alarm-contacts';
import { NoteForm } from './note-form';
import { ResolveForm } from './resolve-form';
import { ShareLinkList } from './share-link-list';
import { ShareLocationDialog } from './share-location-dialog';
import './alarms.css';

const PARTNERS: readonly AlarmPartner[] = ['Aura', 'Capital Air'];

const personName = (first: string | null, last: string | null) =>
  first === null ? null : `${first} ${last ?? ''}`.trim();

/** /agent/alarms/{id}: the alarm, what can be done about it, its timeline, who to call, the vehicle. */
export function AlarmPage({ VehicleCard }: { VehicleCard: VehicleCardSlot }) {
  useDocumentTitle(`Alarm · ${PRODUCT_NAME}`);
  const api = useApiClient();
  const navigate = useNavigate();
  const alarmId = Number(useParams().alarmId);
  const detail = useQuery(alarmQueries.detail(api, alarmId));
  const vehicleId = detail.data?.alarm.vehicleId;
  const vehicle = useQuery({ ...vehicleQuery(api, vehicleId ?? 0), enabled: vehicleId !== undefined });

  const header = (title: string) => <PageHeader title={title} onBack={() => void navigate(PATHS.alarms)} />;
  if (detail.isPending) return <Spinner label="Loading the alarm" />;
  if (detail.isError) {
    return (
      <section className="alarms-page">
        {header('Alarm')}
        <EmptyState title="This alarm could not be found." />
      </section>
    );
  }
  const { alarm, timeline, contacts } = detail.data;
  return (
    <section className="alarms-page">
      {header(`${ALARM_KIND_LABELS[alarm.kind]}: ${alarm.registrationNumber}`)}
      <AlarmFacts alarm={alarm} />
      <AlarmActions alarm={alarm} />
      <section className="alarms-section" aria-labelledby="alarm-timeline">
        <h2 id="alarm-timeline">Timeline</h2>
        <AlarmTimeline events={timeline} />
      </section>
      <ShareLinkList alarmId={alarm.id} />
      <AlarmContacts contacts={contacts} />
      <section className="alarms-section" aria-labelledby="alarm-vehicle">
        <h2 id="alarm-vehicle">Vehicle</h2>
        {vehicle.data ? (
          <VehicleCard vehicle={vehicle.data} level={3} />
        ) : vehicle.isPending ? (
          <Spinner label="Loading the vehicle" />
        ) : (
          <EmptyState title="The vehicle could not be loaded." />
        )}
      </section>
    </section>
  );
}

function AlarmFacts({ alarm }: { alarm: Alarm }) {
  const now = useNow();
  const owner = personName(alarm.acknowledgedByUserFirstName, alarm.acknowledgedByUserLastName);
  const resolver = personName(alarm.resolvedByUserFirstName, alarm.resolvedByUserLastName);
  return (
    <dl className="alarms-facts">
      <dt>Kind</dt>
      <dd>{ALARM_KIND_LABELS[alarm.kind]}</dd>
      <dt>Priority</dt>
      <dd>{ALARM_PRIORITY_LABELS[alarm.priority]}</dd>
      <dt>State</dt>
      <dd>{alarm.state}</dd>
      <dt>Owner</dt>
      <dd>{owner ?? 'Unowned'}</dd>
      <dt>Opened</dt>
      <dd>
        {formatHistoryDate(alarm.openedDateTime)}
        {alarm.eventCount > 1 &&
          ` (${alarm.eventCount} events, last ${formatHistoryDate(alarm.lastEventDateTime)})`}
      </dd>
      <dt>Response</dt>
      <dd>
        <ResponseClock
          openedDateTime={alarm.openedDateTime}
          acknowledgedDateTime={alarm.acknowledgedDateTime}
          acknowledgeWithinSeconds={alarm.acknowledgeWithinSeconds}
          now={now}
        />
      </dd>
      {alarm.resolution !== null && (
        <>
          <dt>Resolved</dt>
          <dd>
            {ALARM_RESOLUTION_LABELS[alarm.resolution]}
            {resolver && ` by ${resolver}`}
            {alarm.resolvedDateTime && `, ${formatHistoryDate(alarm.resolvedDateTime)}`}
          </dd>
        </>
      )}
    </dl>
  );
}

function AlarmActions({ alarm }: { alarm: Alarm }) {
  const actions = useAlarmActions(alarm.id);
  const [form, setForm] = useState<'resolve' | 'note' | null>(null);
  const [sharing, setSharing] = useState(false);
  const [failure, setFailure] = useState<string>();
  // A refusal (someone else acknowledged it, a partner said no) is shown in the server's words.
  const onError = (error: Error) => {
    console.error(error);
    setFailure(errorText(error));
  };
  const active = isActiveAlarm(alarm.state);
  const busy = actions.acknowledge.isPending || actions.escalate.isPending;

  return (
    <section className="alarms-section" aria-label="Actions">
      {failure && <Alert variant="error">{failure}</Alert>}
      <div className="alarms-actions">
        {alarm.state === 'Open' && (
          <Button
            busy={actions.acknowledge.isPending}
            busyLabel="Acknowledging"
            disabled={busy}
            onClick={() => {
              setFailure(undefined);
              actions.acknowledge.mutate(undefined, { onError });
            }}
          >
            Acknowledge
          </Button>
        )}
        {active &&
          PARTNERS.map((partner) => (
            <Button
              key={partner}
              variant="secondary"
              disabled={busy}
              busy={actions.escalate.isPending && actions.escalate.variables === partner}
              busyLabel="Escalating"
              onClick={() => {
                setFailure(undefined);
                actions.escalate.mutate(partner, { onError });
              }}
            >
              {`Escalate to ${partner}`}
            </Button>
          ))}
        {active && (
          <Button variant="secondary" onClick={() => setForm('resolve')} disabled={form === 'resolve'}>
            Resolve
          </Button>
        )}
        {active && (
          <Button variant="secondary" onClick={() => setSharing(true)}>
            Share live location
          </Button>
        )}
        <Button variant="ghost" onClick={() => setForm('note')} disabled={form === 'note'}>
          Add note
        </Button>
      </div>
      <ShareLocationDialog
        alarmId={alarm.id}
        registrationNumber={alarm.registrationNumber}
        open={sharing}
        onOpenChange={setSharing}
      />
      {form === 'resolve' && active && <ResolveForm resolve={actions.resolve} onDone={() => setForm(null)} />}
      {form === 'note' && <NoteForm addNote={actions.addNote} onDone={() => setForm(null)} />}
    </section>
  );
}
