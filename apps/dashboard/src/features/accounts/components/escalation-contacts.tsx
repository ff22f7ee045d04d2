import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@sentinel/api-sdk';
import {
  ESCALATION_CONTACTS_MAX,
  escalationContactsErrors,
  NOTIFICATION_CONTACT_MESSAGES,
} from '@sentinel/domain';
import type { EscalationContact, EscalationContactInput, FieldErrors } from '@sentinel/domain';
import { Alert, Button, EmptyState, Spinner } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { notificationQueries, useSaveEscalationContactsMutation } from '../api/notification-queries';
import { EscalationContactRow } from './escalation-contact-row';
import type { ContactDraft, ContactField } from './escalation-contact-row';
import './notifications.css';

/** View account's 'Escalation contacts': the holder's list, edited in place and saved whole. */
export function EscalationContacts({ userId }: { userId: number }) {
  const api = useApiClient();
  const contacts = useQuery(notificationQueries.contacts(api, userId));
  return (
    <section className="account-notifications" aria-labelledby={`escalation-contacts-${userId}`}>
      <h2 id={`escalation-contacts-${userId}`}>Escalation contacts</h2>
      <p className="account-notifications__note">
        Told one after another, in this order, when nobody acknowledges an alarm in time.
      </p>
      {contacts.isPending && <Spinner label="Loading escalation contacts" />}
      {contacts.isError && <Alert variant="error">The escalation contacts could not be loaded.</Alert>}
      {contacts.isSuccess && <ContactsEditor userId={userId} saved={contacts.data} />}
    </section>
  );
}

const toDraft = (contact: EscalationContact, key: number): ContactDraft => ({
  key,
  name: contact.name,
  phoneCode: contact.phoneCode,
  phoneNumber: contact.phoneNumber,
  email: contact.email ?? '',
});

const toInput = ({ name, phoneCode, phoneNumber, email }: ContactDraft): EscalationContactInput => ({
  name,
  phoneCode,
  phoneNumber,
  email: email === '' ? null : email,
});

/** Field errors keyed as the api answers them (Contacts[1].Email), by the row's key and field instead. */
function byRow(errors: FieldErrors, rows: readonly ContactDraft[]): Record<string, string> {
  const placed: Record<string, string> = {};
  for (const [name, messages] of Object.entries(errors)) {
    const match = /^Contacts\[(\d+)\]\.(\w+)$/i.exec(name);
    const row = match ? rows[Number(match[1])] : undefined;
    // The country code's message shows at the cellphone, the field that carries it.
    const field = match?.[2]?.toLowerCase() === 'phonecode' ? 'PhoneNumber' : match?.[2];
    if (row && field && messages[0]) placed[`${row.key}.${field}`] ??= messages[0];
  }
  return placed;
}

const NOT_SAVED = 'The escalation contacts could not be saved. Please try again.';

function ContactsEditor({ userId, saved }: { userId: number; saved: EscalationContact[] }) {
  const save = useSaveEscalationContactsMutation(userId);
  const nextKey = useRef(saved.length);
  const [rows, setRows] = useState(() => saved.map(toDraft));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [checkAll, setCheckAll] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [listError, setListError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [added, setAdded] = useState<number>();
  const fullId = useId();

  // The rules run on every change, so a message follows the typing (and a move) at once.
  const ruleErrors = byRow(escalationContactsErrors(rows.map(toInput)) ?? {}, rows);
  const errorOf = (row: ContactDraft, field: ContactField) => {
    const id = `${row.key}.${field}`;
    return ((checkAll || touched.has(id)) && ruleErrors[id]) || serverErrors[id];
  };
  const changed =
    JSON.stringify(rows.map(toInput)) !== JSON.stringify(saved.map((c, i) => toInput(toDraft(c, i))));
  const full = rows.length >= ESCALATION_CONTACTS_MAX;

  function edit(next: ContactDraft[]) {
    setRows(next);
    setNotice(undefined);
  }
  function change(row: ContactDraft, field: ContactField, value: string) {
    const property = field === 'Name' ? 'name' : field === 'Email' ? 'email' : 'phoneNumber';
    edit(rows.map((item) => (item.key === row.key ? { ...item, [property]: value } : item)));
    setServerErrors(({ [`${row.key}.${field}`]: _dropped, ...rest }) => rest);
  }
  function move(index: number, by: -1 | 1) {
    const next = [...rows];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    edit(next);
  }
  function add() {
    const key = nextKey.current++;
    edit([...rows, { key, name: '', phoneCode: '27', phoneNumber: '', email: '' }]);
    setAdded(key);
  }

  function submit() {
    setCheckAll(true);
    setListError(undefined);
    if (Object.keys(ruleErrors).length > 0) return;
    const sent = rows;
    save.mutate(sent.map(toInput), {
      onSuccess: (stored) => {
        // The stored list is the sent one, in its order: each row keeps its key (and its focus).
        setRows(stored.map((contact, index) => toDraft(contact, sent[index]?.key ?? nextKey.current++)));
        setTouched(new Set());
        setCheckAll(false);
        setServerErrors({});
        setNotice('Escalation contacts saved.');
      },
      onError: (error) => {
        if (!isApiError(error)) {
          console.error(error);
          return setListError(NOT_SAVED);
        }
        setServerErrors(byRow(error.errors, sent));
        // A refusal of the whole list (too many, or a 404 or 409) says so under it.
        setListError(
          error.errors['Contacts']?.[0] ?? (Object.keys(error.errors).length ? undefined : error.message),
        );
      },
    });
  }

  return (
    <>
      {rows.length === 0 ? (
        <EmptyState
          title="No escalation contacts"
          description={`Add up to ${ESCALATION_CONTACTS_MAX} people to tell when an alarm of this holder goes unanswered.`}
        />
      ) : (
        <ol className="escalation-contacts">
          {rows.map((row, index) => (
            <EscalationContactRow
              key={row.key}
              position={index + 1}
              count={rows.length}
              contact={row}
              errors={{
                Name: errorOf(row, 'Name'),
                PhoneNumber: errorOf(row, 'PhoneNumber'),
                Email: errorOf(row, 'Email'),
              }}
              onChange={(field, value) => change(row, field, value)}
              onBlur={(field) => setTouched((current) => new Set(current).add(`${row.key}.${field}`))}
              onMove={(by) => move(index, by)}
              onRemove={() => edit(rows.filter((item) => item.key !== row.key))}
              justAdded={row.key === added}
            />
          ))}
        </ol>
      )}
      {listError !== undefined && <Alert variant="error">{listError}</Alert>}
      {notice !== undefined && <Alert variant="success">{notice}</Alert>}
      <div className="account-notifications__actions">
        <Button
          variant="secondary"
          disabled={full}
          aria-describedby={full ? fullId : undefined}
          onClick={add}
        >
          Add contact
        </Button>
        <Button disabled={!changed} busy={save.isPending} busyLabel="Saving" onClick={submit}>
          Save contacts
        </Button>
        {full && (
          <p id={fullId} className="account-notifications__hint">
            {NOTIFICATION_CONTACT_MESSAGES.tooMany}
          </p>
        )}
      </div>
    </>
  );
}
