import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatReplayTime, PRODUCT_NAME, SHARE_LINK_MESSAGES, shareLinkUntil } from '@sentinel/domain';
import type { SharedLocation } from '@sentinel/domain';
import { Alert, Spinner, VehicleMap } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { useAppSettings } from '../../../lib/app-settings';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { isGoneLink, sharedLocationQueries } from '../api/shared-location-queries';
import './shared-location.css';

/**
 * /shared/{token}: a responder's view of one vehicle, without signing in. Read-only: the vehicle,
 * its latest position and last 30 minutes on the map, who shared it and until when, asked again
 * every 5 s. A link the api will not show (unknown, expired, revoked) shows one sentence and nothing
 * else, whatever the page showed before.
 */
export function SharedLocationPage() {
  useDocumentTitle(`Live location · ${PRODUCT_NAME}`);
  const api = useApiClient();
  const token = useParams().token ?? '';
  const shared = useQuery(sharedLocationQueries.byToken(api, token));

  let content;
  if (isGoneLink(shared.error))
    content = <h1 className="shared-location__gone">{SHARE_LINK_MESSAGES.expired}</h1>;
  else if (shared.data) content = <SharedVehicle shared={shared.data} stale={shared.isError} />;
  else if (shared.isError)
    content = <Alert variant="error">The live location could not be loaded. Trying again…</Alert>;
  else content = <Spinner label="Loading the live location" />;

  return (
    <main className="shared-location">
      {/* The page's address is the link's key: other sites (the map's) are told at most this origin. */}
      <meta name="referrer" content="strict-origin" />
      {content}
    </main>
  );
}

function SharedVehicle({ shared, stale }: { shared: SharedLocation; stale: boolean }) {
  const { googleMapsApiKey } = useAppSettings();
  const vehicle = [shared.colour, shared.make, shared.model].filter((part) => part !== null).join(' ');
  const { position } = shared;
  return (
    <>
      <h1>{shared.registrationNumber}</h1>
      {vehicle !== '' && <p className="shared-location__vehicle">{vehicle}</p>}
      <p>
        {`Shared with ${shared.recipient}${shared.sharedBy === null ? '' : ` by ${shared.sharedBy}`}, until ${shareLinkUntil(shared.expiresDateTime, new Date())}.`}
      </p>
      {stale && <Alert variant="error">Could not refresh the position. Trying again…</Alert>}
      {position === null ? (
        <p>No position reported yet.</p>
      ) : (
        <>
          <p className="shared-location__position">
            {`Latest position: ${position.latitudeDegrees.toFixed(5)}, ${position.longitudeDegrees.toFixed(5)} at ${formatReplayTime(position.dateTime)}`}
            {position.speedKmh !== null && ` · ${Math.round(position.speedKmh)} km/h`}
          </p>
          <VehicleMap
            apiKey={googleMapsApiKey}
            latitude={position.latitudeDegrees}
            longitude={position.longitudeDegrees}
            track={shared.track}
            alert={false}
            className="shared-location__map"
          />
        </>
      )}
      <p className="shared-location__hint">Last 30 minutes shown. This page updates by itself.</p>
    </>
  );
}
