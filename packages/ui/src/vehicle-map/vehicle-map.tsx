import { GoogleMap, MarkerF, PolylineF } from '@react-google-maps/api';
import { useGoogleMapsScript } from '../internal/google-maps-loader';
import { clsx } from 'clsx';
import { Spinner } from '../spinner';
import { ALERT_PIN_URL, VEHICLE_PIN_URL } from './pins';

/** Spec: map zoom 16 on vehicle cards. */
export const VEHICLE_MAP_ZOOM = 16;

export interface VehicleMapProps {
  /** googleMapsApiKey from appsettings.json; without one the 'Map unavailable' panel shows. */
  apiKey?: string | undefined;
  latitude: number;
  longitude: number;
  /** @default 16 */
  zoom?: number | undefined;
  /** A tamper alert is active: the alert pin replaces the normal pin. */
  alert: boolean;
  /** Where the vehicle came from, oldest first, drawn as a line up to the pin. @default none */
  track?: readonly TrackPoint[] | undefined;
  className?: string;
}

/** One point of a drawn track. */
export interface TrackPoint {
  latitudeDegrees: number;
  longitudeDegrees: number;
}

interface MapViewProps {
  latitude: number;
  longitude: number;
  alert: boolean;
  track?: readonly TrackPoint[] | undefined;
  className?: string | undefined;
}

function MapUnavailable({ latitude, longitude, alert, className }: MapViewProps) {
  return (
    <div
      className={clsx('sn-map', 'sn-map--unavailable', className)}
      role="group"
      aria-label="Vehicle location"
    >
      <img src={alert ? ALERT_PIN_URL : VEHICLE_PIN_URL} alt="" width={27} height={36} />
      <p className="sn-map__title">Map unavailable</p>
      <p className="sn-map__coordinates">
        {latitude}, {longitude}
      </p>
      {alert && <p className="sn-map__alert">Tamper alert</p>}
    </div>
  );
}

function GoogleVehicleMap({ apiKey, zoom, ...view }: MapViewProps & { apiKey: string; zoom: number }) {
  const { isLoaded, loadError } = useGoogleMapsScript(apiKey);
  if (loadError !== undefined) return <MapUnavailable {...view} />;
  if (!isLoaded) {
    return (
      <div className={clsx('sn-map', 'sn-map--loading', view.className)}>
        <Spinner label="Loading map" />
      </div>
    );
  }
  const position = { lat: view.latitude, lng: view.longitude };
  return (
    <div className={clsx('sn-map', view.className)} role="group" aria-label="Vehicle location">
      <GoogleMap
        mapContainerClassName="sn-map__canvas"
        center={position}
        zoom={zoom}
        options={{ streetViewControl: false, mapTypeControl: false, fullscreenControl: false }}
      >
        {view.track !== undefined && view.track.length > 1 && (
          <PolylineF
            path={view.track.map((point) => ({ lat: point.latitudeDegrees, lng: point.longitudeDegrees }))}
            options={{ strokeColor: '#1d4ed8', strokeWeight: 4, strokeOpacity: 0.8 }}
          />
        )}
        <MarkerF
          position={position}
          icon={view.alert ? ALERT_PIN_URL : VEHICLE_PIN_URL}
          title={view.alert ? 'Tamper alert' : 'Vehicle'}
        />
      </GoogleMap>
    </div>
  );
}

/** The vehicle's position on a Google map, or a 'Map unavailable' panel with the coordinates. */
export function VehicleMap({
  apiKey,
  latitude,
  longitude,
  zoom = VEHICLE_MAP_ZOOM,
  alert,
  track,
  className,
}: VehicleMapProps) {
  const view = { latitude, longitude, alert, track, className };
  if (apiKey === undefined || apiKey.trim() === '') return <MapUnavailable {...view} />;
  return <GoogleVehicleMap apiKey={apiKey} zoom={zoom} {...view} />;
}
