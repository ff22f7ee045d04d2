import { useEffect, useMemo, useState } from 'react';
import { GoogleMap, MarkerF, PolylineF } from '@react-google-maps/api';
import { useGoogleMapsScript } from '../internal/google-maps-loader';
import { formatReplayTime } from '@sentinel/domain';
import { Spinner } from '../spinner';
import { VEHICLE_PIN_URL } from '../vehicle-map/pins';
import { eventKind, eventLabel, usePlayhead, useTrack } from './replay-context';
import { ReplayPanel } from './replay-panel';

/** The replay on the vehicle's Google map: route line, moving marker, events where they happened. */
export function ReplayGoogleMap({ apiKey }: { apiKey: string }) {
  const { isLoaded, loadError } = useGoogleMapsScript(apiKey);
  const { fixes, events } = useTrack();
  const { marker, follow, setFollow, seek } = usePlayhead();
  const [map, setMap] = useState<google.maps.Map | null>(null);
  const path = useMemo(
    () => fixes.map((fix) => ({ lat: fix.latitudeDegrees, lng: fix.longitudeDegrees })),
    [fixes],
  );

  useEffect(() => {
    if (map === null || path.length === 0) return;
    const bounds = new google.maps.LatLngBounds();
    for (const point of path) bounds.extend(point);
    map.fitBounds(bounds);
  }, [map, path]);

  const position = marker ? { lat: marker.latitudeDegrees, lng: marker.longitudeDegrees } : undefined;
  useEffect(() => {
    if (map !== null && follow && position !== undefined) map.panTo(position);
  }, [map, follow, position?.lat, position?.lng]); // eslint-disable-line react-hooks/exhaustive-deps

  if (loadError !== undefined) return <ReplayPanel />;
  if (!isLoaded) return <Spinner label="Loading map" />;
  return (
    <div className="sn-replay-map" role="group" aria-label="Route map">
      <GoogleMap
        mapContainerClassName="sn-replay-map__canvas"
        onLoad={setMap}
        onUnmount={() => setMap(null)}
        onDragStart={() => setFollow(false)}
        options={{ streetViewControl: false, mapTypeControl: false, fullscreenControl: false }}
      >
        <PolylineF path={path} options={{ strokeColor: '#1d4ed8', strokeWeight: 4, strokeOpacity: 0.8 }} />
        {events.map((event) =>
          event.latitudeDegrees === null || event.longitudeDegrees === null ? null : (
            <MarkerF
              key={event.id}
              position={{ lat: event.latitudeDegrees, lng: event.longitudeDegrees }}
              title={`${eventLabel(event)} at ${formatReplayTime(event.at)}`}
              label={eventKind(event) === 'tamper' ? '!' : eventKind(event) === 'lock' ? 'L' : 'U'}
              onClick={() => seek(Date.parse(event.at))}
            />
          ),
        )}
        {position && <MarkerF position={position} icon={VEHICLE_PIN_URL} title="Vehicle" />}
      </GoogleMap>
    </div>
  );
}
