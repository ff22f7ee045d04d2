import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@sentinel/api-sdk';
import {
  ALARM_KIND_LABELS,
  ALARM_KINDS,
  HOLDER_CHANNEL_LABELS,
  HOLDER_CHANNELS,
  NOTIFICATION_CONTACT_MESSAGES,
  notificationPreferencesErrors,
} from '@sentinel/domain';
import type { NotificationPreferences } from '@sentinel/domain';
import { Alert, Button, Checkbox, Spinner, TextField } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { notificationQueries, useSavePreferencesMutation } from '../api/notification-queries';
import './notifications.css';

/** View account's 'Notifications': which alarms the holder is told of, how, and their quiet hours. */
export function NotificationPreferencesSection({ userId }: { userId: number }) {
  const api = useApiClient();
  const preferences = useQuery(notificationQueries.preferences(api, userId));
  return (
    <section className="account-notifications" aria-labelledby={`notification-preferences-${userId}`}>
      <h2 id={`notification-preferences-${userId}`}>Notifications</h2>
      {preferences.isPending && <Spinner label="Loading notifications" />}
      {preferences.isError && <Alert variant="error">The notifications could not be loaded.</Alert>}
      {preferences.isSuccess && <PreferencesEditor userId={userId} saved={preferences.data} />}
    </section>
  );
}

type Field = 'Kinds' | 'Channels' | 'QuietFrom' | 'QuietTo';
type Draft = Omit<NotificationPreferences, 'quietFrom' | 'quietTo'> & { quietFrom: string; quietTo: string };

const toDraft = (saved: NotificationPreferences): Draft => ({
  ...saved,
  quietFrom: saved.quietFrom ?? '',
  quietTo: saved.quietTo ?? '',
});

/** Empty times are no quiet hours; the lists go in the domain's order, as the api stores them. */
const toPreferences = (draft: Draft): NotificationPreferences => ({
  kinds: ALARM_KINDS.filter((kind) => draft.kinds.includes(kind)),
  channels: HOLDER_CHANNELS.filter((channel) => draft.channels.includes(channel)),
  quietFrom: draft.quietFrom.trim() === '' ? null : draft.quietFrom.trim(),
  quietTo: draft.quietTo.trim() === '' ? null : draft.quietTo.trim(),
});

function PreferencesEditor({ userId, saved }: { userId: number; saved: NotificationPreferences }) {
  const save = useSavePreferencesMutation(userId);
  const [draft, setDraft] = useState(() => toDraft(saved));
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [checkAll, setCheckAll] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<string>();
  const [failure, setFailure] = useState<string>();

  const ruleErrors = notificationPreferencesErrors(toPreferences(draft)) ?? {};
  const errorOf = (field: Field) =>
    ((checkAll || touched.has(field)) && ruleErrors[field]?.[0]) || serverErrors[field];
  const changed = JSON.stringify(toPreferences(draft)) !== JSON.stringify(saved);

  function change(next: Partial<Draft>, field: Field) {
    setDraft({ ...draft, ...next });
    setServerErrors({ ...serverErrors, [field]: undefined });
    setNotice(undefined);
  }
  // A box's message shows at its first click; a time's when the person leaves the field.
  const touch = (field: Field) => setTouched(new Set(touched).add(field));
  const toggle = <T extends string>(list: readonly T[], item: T, on: boolean) =>
    on ? [...list, item] : list.filter((each) => each !== item);

  function submit() {
    setCheckAll(true);
    setFailure(undefined);
    if (Object.keys(ruleErrors).length > 0) return;
    save.mutate(toPreferences(draft), {
      onSuccess: (stored) => {
        setDraft(toDraft(stored));
        setTouched(new Set());
        setCheckAll(false);
        setNotice('Notifications saved.');
      },
      onError: (error) => {
        if (!isApiError(error)) {
          console.error(error);
          return setFailure('The notifications could not be saved. Please try again.');
        }
        // A refusal that names no field (a 404) says so under the form.
        if (Object.keys(error.errors).length === 0) setFailure(error.message);
        const first = (field: Field) =>
          Object.entries(error.errors).find(([name]) => name.toLowerCase() === field.toLowerCase())?.[1][0];
        setServerErrors({
          Kinds: first('Kinds'),
          Channels: first('Channels'),
          QuietFrom: first('QuietFrom'),
          QuietTo: first('QuietTo'),
        });
      },
    });
  }

  return (
    <>
      <Choices legend="Alarm kinds" error={errorOf('Kinds')}>
        {ALARM_KINDS.map((kind) => (
          <Checkbox
            key={kind}
            label={ALARM_KIND_LABELS[kind]}
            checked={draft.kinds.includes(kind)}
            onCheckedChange={(on) => {
              change({ kinds: toggle(draft.kinds, kind, on) }, 'Kinds');
              touch('Kinds');
            }}
          />
        ))}
      </Choices>
      <Choices legend="Channels" error={errorOf('Channels')}>
        {HOLDER_CHANNELS.map((channel) => (
          <Checkbox
            key={channel}
            label={HOLDER_CHANNEL_LABELS[channel]}
            checked={draft.channels.includes(channel)}
            onCheckedChange={(on) => {
              change({ channels: toggle(draft.channels, channel, on) }, 'Channels');
              touch('Channels');
            }}
          />
        ))}
      </Choices>
      <fieldset className="notification-preferences__group">
        <legend>Quiet hours</legend>
        <p className="account-notifications__note">{NOTIFICATION_CONTACT_MESSAGES.quietHoursNote}</p>
        <div className="notification-preferences__times">
          <TextField
            label="From"
            hint="HH:MM, 24-hour; empty for none"
            maxLength={5}
            autoComplete="off"
            value={draft.quietFrom}
            error={errorOf('QuietFrom')}
            onChange={(event) => change({ quietFrom: event.target.value }, 'QuietFrom')}
            onBlur={() => touch('QuietFrom')}
          />
          <TextField
            label="To"
            hint="Before From: the next morning"
            maxLength={5}
            autoComplete="off"
            value={draft.quietTo}
            error={errorOf('QuietTo')}
            onChange={(event) => change({ quietTo: event.target.value }, 'QuietTo')}
            onBlur={() => touch('QuietTo')}
          />
        </div>
      </fieldset>
      {failure !== undefined && <Alert variant="error">{failure}</Alert>}
      {notice !== undefined && <Alert variant="success">{notice}</Alert>}
      <div className="account-notifications__actions">
        <Button disabled={!changed} busy={save.isPending} busyLabel="Saving" onClick={submit}>
          Save notifications
        </Button>
      </div>
    </>
  );
}

/** A fieldset of checkboxes with its message under them. */
function Choices({
  legend,
  error,
  children,
}: {
  legend: string;
  error: string | undefined;
  children: ReactNode;
}) {
  const errorId = useId();
  return (
    <fieldset
      className="notification-preferences__group"
      aria-describedby={error !== undefined ? errorId : undefined}
    >
      <legend>{legend}</legend>
      <div className="notification-preferences__choices">{children}</div>
      {error !== undefined && (
        <p id={errorId} className="sn-field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
