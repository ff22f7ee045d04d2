// The alarm's live-location links: for whom, by whom, until when, whether they still work, how
// often and from where they were opened, and Revoke for the ones that still work.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '@sentinel/api-sdk';
import { formatHistoryDate } from '@sentinel/domain';
import type { ShareLink } from '@sentinel/domain';
import { Alert, Button } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { shareLinkQueries, useShareLinkActions } from '../api/share-link-queries';

const views = (link: ShareLink) => {
  if (link.viewCount === 0 || link.lastViewedDateTime === null) return 'Not opened yet';
  const times = link.viewCount === 1 ? '1 view' : `${link.viewCount} views`;
  const from = link.lastViewedAddress === null ? '' : ` from ${link.lastViewedAddress}`;
  return `${times}, last ${formatHistoryDate(link.lastViewedDateTime)}${from}`;
};

const ended = (link: ShareLink) =>
  link.state === 'Revoked'
    ? `Revoked${link.revokedBy === null ? '' : ` by ${link.revokedBy}`}${
        link.revokedDateTime === null ? '' : `, ${formatHistoryDate(link.revokedDateTime)}`
      }`
    : link.state === 'Expired'
      ? `Expired ${formatHistoryDate(link.expiresDateTime)}`
      : `Active until ${formatHistoryDate(link.expiresDateTime)}`;

export function ShareLinkList({ alarmId }: { alarmId: number }) {
  const api = useApiClient();
  const links = useQuery(shareLinkQueries.list(api, alarmId));
  const { revoke } = useShareLinkActions(alarmId);
  const [failure, setFailure] = useState<string>();

  return (
    <section className="alarms-section" aria-labelledby="alarm-share-links">
      <h2 id="alarm-share-links">Live location links</h2>
      {failure && <Alert variant="error">{failure}</Alert>}
      {links.isError ? (
        <Alert variant="error">{errorText(links.error)}</Alert>
      ) : links.data === undefined ? null : links.data.length === 0 ? (
        <p className="alarms-page__hint">No live location shared.</p>
      ) : (
        <ul className="alarms-contacts" aria-label="Live location links">
          {links.data.map((link) => (
            <li key={link.id} aria-label={`Link for ${link.recipient}`}>
              <strong>{link.recipient}</strong>
              {link.createdBy && ` · shared by ${link.createdBy}`}
              <br />
              <span>{ended(link)}</span>
              <br />
              <span>{views(link)}</span>
              {link.state === 'Active' && (
                <>
                  <br />
                  <Button
                    variant="danger"
                    busy={revoke.isPending && revoke.variables === link.id}
                    busyLabel="Revoking"
                    onClick={() => {
                      setFailure(undefined);
                      revoke.mutate(link.id, { onError: (error) => setFailure(errorText(error)) });
                    }}
                  >
                    Revoke
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
