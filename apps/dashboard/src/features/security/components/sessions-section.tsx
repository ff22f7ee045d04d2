import { useQuery } from '@tanstack/react-query';
import { errorText } from '@sentinel/api-sdk';
import type { StaffSession } from '@sentinel/api-sdk';
import { formatHistoryDate } from '@sentinel/domain';
import { Alert, Button, Spinner } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { securityQueries, useSecurityMutation } from '../api/security-queries';

/** One session: browser, address and when last used, 'This session' marked. */
export function SessionLine({ session }: { session: StaffSession }) {
  return (
    <span>
      <strong>{session.browser}</strong> · {session.address} · last used{' '}
      {formatHistoryDate(session.lastUsedDateTime)}
      {session.current && <em> · This session</em>}
    </span>
  );
}

/** 'Your sessions': sign out one, or every other. */
export function SessionsSection() {
  const api = useApiClient();
  const sessions = useQuery(securityQueries.sessions(api));
  const endOne = useSecurityMutation((client, id: string) => client.sessions.endSession(id));
  const endOthers = useSecurityMutation((client) => client.sessions.endOtherSessions());
  const failure = endOne.error ?? endOthers.error;

  return (
    <section aria-labelledby="sessions-title">
      <h2 id="sessions-title">Your sessions</h2>
      {sessions.isPending && <Spinner label="Loading sessions" />}
      {sessions.isError && <Alert variant="error">{errorText(sessions.error)}</Alert>}
      {sessions.data && (
        <ul aria-label="Your sessions">
          {sessions.data.map((session) => (
            <li key={session.id}>
              <SessionLine session={session} />
              {!session.current && (
                <Button
                  type="button"
                  variant="secondary"
                  busy={endOne.isPending && endOne.variables === session.id}
                  onClick={() => endOne.mutate(session.id)}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {failure && <Alert variant="error">{errorText(failure)}</Alert>}
      {sessions.data?.some((session) => !session.current) && (
        <Button type="button" variant="danger" busy={endOthers.isPending} onClick={() => endOthers.mutate()}>
          Sign out everywhere else
        </Button>
      )}
    </section>
  );
}
