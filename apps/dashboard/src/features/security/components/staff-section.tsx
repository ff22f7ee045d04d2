import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { and, contains, eq, errorText, or, orderBy } from '@sentinel/api-sdk';
import type { User } from '@sentinel/api-sdk';
import { STAFF_ROLES } from '@sentinel/domain';
import type { UserListFields } from '@sentinel/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  SearchField,
  Spinner,
} from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { securityKeys, securityQueries, useSecurityMutation } from '../api/security-queries';
import { SessionLine } from './sessions-section';

/** Staff shown at once; the search narrows them. */
const STAFF_PAGE_SIZE = 50;

/** An Admin's view of staff: each one's sessions, 'End sessions' and 'Reset second factors'. */
export function StaffSection() {
  const api = useApiClient();
  const [search, setSearch] = useState('');
  const text = useDebouncedValue(search).trim();
  const staff = useQuery({
    queryKey: [...securityKeys.all, 'staff', text] as const,
    queryFn: () =>
      api.users.list({
        filter: and(
          or(...STAFF_ROLES.map((role) => eq<UserListFields>('role', role))),
          text === ''
            ? undefined
            : or(
                contains<UserListFields>('firstName', text),
                contains<UserListFields>('lastName', text),
                contains<UserListFields>('email', text),
              ),
        ),
        orderBy: [orderBy<UserListFields>('firstName')],
        pageSize: STAFF_PAGE_SIZE,
        pageIndex: 0,
      }),
  });

  return (
    <section aria-labelledby="staff-title">
      <h2 id="staff-title">Staff</h2>
      <SearchField label="Search staff" value={search} onValueChange={setSearch} />
      {staff.isPending && <Spinner label="Loading staff" />}
      {staff.isError && <Alert variant="error">{errorText(staff.error)}</Alert>}
      {staff.data && (
        <ul aria-label="Staff">
          {staff.data.items.map((user) => (
            <StaffMember key={user.id} user={user} />
          ))}
        </ul>
      )}
    </section>
  );
}

type Confirming = 'end-sessions' | 'reset-factors' | undefined;

function StaffMember({ user }: { user: User }) {
  const api = useApiClient();
  const name = `${user.firstName} ${user.lastName}`;
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>();
  const [done, setDone] = useState<string | undefined>();
  const sessions = useQuery({ ...securityQueries.userSessions(api, user.id), enabled: open });
  const endSessions = useSecurityMutation((client) => client.sessions.endUserSessions(user.id));
  const resetFactors = useSecurityMutation((client) => client.secondFactor.resetUserSecondFactors(user.id));
  const action = confirming === 'reset-factors' ? resetFactors : endSessions;

  async function confirm() {
    try {
      await action.mutateAsync(undefined);
      setDone(
        confirming === 'reset-factors'
          ? `${name}'s second factors were reset; they set one up at their next sign-in.`
          : `${name} was signed out everywhere.`,
      );
      setConfirming(undefined);
    } catch {
      // The dialog shows the refusal.
    }
  }

  return (
    <li>
      <span>
        <strong>{name}</strong> · {user.email} · {user.roles.join(', ')}
      </span>
      <span>
        <Button type="button" variant="ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
          Sessions of {name}
        </Button>
        <Button type="button" variant="secondary" onClick={() => setConfirming('end-sessions')}>
          End sessions
        </Button>
        <Button type="button" variant="danger" onClick={() => setConfirming('reset-factors')}>
          Reset second factors
        </Button>
      </span>
      {done !== undefined && <Alert variant="success">{done}</Alert>}
      {open && sessions.isPending && <Spinner label="Loading sessions" />}
      {open && sessions.isError && <Alert variant="error">{errorText(sessions.error)}</Alert>}
      {open && sessions.data && (
        <ul aria-label={`Sessions of ${name}`}>
          {sessions.data.length === 0 && <li>No sessions.</li>}
          {sessions.data.map((session) => (
            <li key={session.id}>
              <SessionLine session={session} />
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={confirming !== undefined}
        onOpenChange={(next) => {
          if (!next) {
            setConfirming(undefined);
            action.reset();
          }
        }}
      >
        {confirming !== undefined && (
          <DialogContent
            title={confirming === 'reset-factors' ? 'Reset second factors' : 'End sessions'}
            description={
              confirming === 'reset-factors'
                ? `${name} will have to set up a second factor at their next sign-in, and is told by e-mail.`
                : `${name} will be signed out on every device.`
            }
          >
            {action.isError && <Alert variant="error">{errorText(action.error)}</Alert>}
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="secondary">
                  Cancel
                </Button>
              </DialogClose>
              <Button type="button" variant="danger" busy={action.isPending} onClick={() => void confirm()}>
                {confirming === 'reset-factors' ? 'Reset second factors' : 'End sessions'}
              </Button>
            </DialogFooter>
          </DialogContent>
        )}
      </Dialog>
    </li>
  );
}
