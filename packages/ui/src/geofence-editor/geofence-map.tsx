import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { CircleF, GoogleMap, PolygonF } from '@react-google-maps/api';
import { useGoogleMapsScript } from '../internal/google-maps-loader';
import { Button } from '../button';
import { Spinner } from '../spinner';
import {
  appendCorner,
  boundsMeet,
  centreFields,
  cornersPath,
  insertCorner,
  radiusField,
  removeCorner,
  replaceCorner,
  sameCentre,
  sameRadius,
  shapeBounds,
  startingRadius,
  typedCentre,
  typedRadius,
} from './geofence-map-shape';
import type { MapPoint } from './geofence-map-shape';
import type { GeofenceFieldsProps } from './geofence-shape-fields';

/** Where a new geofence's map opens: South Africa, where the fleet drives. */
export const GEOFENCE_MAP_VIEW = { center: { lat: -29, lng: 24.5 }, zoom: 5 } as const;

const MAP_OPTIONS: google.maps.MapOptions = {
  streetViewControl: false,
  mapTypeControl: false,
  fullscreenControl: false,
  // A click on a shop or a station places a point too, rather than opening its card.
  clickableIcons: false,
  draggableCursor: 'crosshair',
};

const SHAPE_STYLE = { strokeColor: '#1d4ed8', strokeWeight: 2, fillColor: '#1d4ed8', fillOpacity: 0.15 };
const CIRCLE_OPTIONS: google.maps.CircleOptions = SHAPE_STYLE;
const POLYGON_OPTIONS: google.maps.PolygonOptions = SHAPE_STYLE;

const HINTS = {
  Circle:
    'Click the map to put the centre there. Drag the circle to move it, or its edge to change the radius.',
  Polygon:
    'Click the map at each corner in turn; drag a corner to move it. Each corner is a line of Corners.',
} as const;

const pointOf = (latLng: google.maps.LatLng): MapPoint => ({ lat: latLng.lat(), lng: latLng.lng() });

export interface GeofenceMapProps extends GeofenceFieldsProps {
  /** googleMapsApiKey from appsettings.json. */
  apiKey: string;
}

/**
 * The shape drawn on a Google map above its fields, through plain overlays (Circle, Polygon, the
 * map's clicks): a click places a circle's centre or adds a polygon's corner, dragging the drawing
 * rewrites the fields, and typing in the fields moves the drawing. While Google's script loads a
 * spinner holds the place; if it cannot load there is no map, and the fields work as without a key.
 */
export function GeofenceMap({ apiKey, ...fields }: GeofenceMapProps) {
  const { isLoaded, loadError } = useGoogleMapsScript(apiKey);
  if (loadError !== undefined) return null;
  if (!isLoaded) {
    return (
      <div className="sn-geofence-editor__map sn-geofence-editor__map--loading">
        <Spinner label="Loading map" />
      </div>
    );
  }
  return <DrawingMap {...fields} />;
}

function DrawingMap({ draft, change }: GeofenceFieldsProps) {
  const hintId = useId();
  const [map, setMap] = useState<google.maps.Map | null>(null);
  const [polygon, setPolygon] = useState<google.maps.Polygon | null>(null);
  const circle = useRef<google.maps.Circle | null>(null);
  // Google's overlays keep the listeners they were given first: those read the form through refs.
  const latest = useRef({ draft, change });
  useEffect(() => {
    latest.current = { draft, change };
  });

  // One object per typed value, so the overlays are moved only when the text changes.
  const centre = useMemo(
    () => typedCentre(draft.latitude, draft.longitude),
    [draft.latitude, draft.longitude],
  );
  const radius = typedRadius(draft.radius);
  const path = useMemo(() => cornersPath(draft.corners), [draft.corners]);

  // A shape typed outside the view is brought into it; one partly in view (as anything placed or
  // dragged on the map is) stays where the person is looking.
  const bounds = useMemo(
    () =>
      shapeBounds(
        draft.shapeType === 'Circle'
          ? centre === undefined || radius === undefined
            ? undefined
            : { type: 'Circle', centre, radius }
          : path === undefined
            ? undefined
            : { type: 'Polygon', path },
      ),
    [draft.shapeType, centre, radius, path],
  );
  useEffect(() => {
    if (map === null || bounds === undefined) return;
    const view = map.getBounds()?.toJSON();
    if (view !== undefined && !boundsMeet(view, bounds)) map.fitBounds(bounds);
  }, [map, bounds]);

  /** A click on the map, or on the drawing itself: a circle's centre, or the polygon's next corner. */
  const place = (event: google.maps.MapMouseEvent | google.maps.PolyMouseEvent) => {
    // A click on an editable polygon's corner or side handle is the start of a drag, not a corner.
    if ('vertex' in event && (event.vertex !== undefined || event.edge !== undefined)) return;
    if (event.latLng === null) return;
    const point = pointOf(event.latLng);
    const { draft: current, change: update } = latest.current;
    if (current.shapeType === 'Polygon') {
      update((form) => ({ ...form, corners: appendCorner(form.corners, point) }), 'Points');
      return;
    }
    // With no radius typed yet, the circle starts at a size seen at this zoom.
    const zoom = map?.getZoom() ?? GEOFENCE_MAP_VIEW.zoom;
    const start = current.radius.trim() === '' ? radiusField(startingRadius(zoom, point.lat)) : undefined;
    update(
      (form) => ({ ...form, ...centreFields(point), radius: start ?? form.radius }),
      'Centre',
      ...(start === undefined ? [] : ['Radius']),
    );
  };

  const centreDragged = () => {
    const at = circle.current?.getCenter() ?? null;
    const { draft: current, change: update } = latest.current;
    if (at === null || sameCentre(current, pointOf(at))) return;
    update((form) => ({ ...form, ...centreFields(pointOf(at)) }), 'Centre');
  };
  const radiusDragged = () => {
    const metres = circle.current?.getRadius();
    const { draft: current, change: update } = latest.current;
    if (metres === undefined || sameRadius(current, metres)) return;
    update((form) => ({ ...form, radius: radiusField(metres) }), 'Radius');
  };

  // A corner dragged, or a side's middle dragged out into a new corner, rewrites that line. The
  // polygon gets a new path whenever the Corners text changes, so its listeners follow the path.
  useEffect(() => {
    if (polygon === null) return;
    const corners = polygon.getPath();
    const edit = (rewrite: (text: string, index: number) => string) => (index: number) =>
      latest.current.change((form) => ({ ...form, corners: rewrite(form.corners, index) }), 'Points');
    const cornerAt = (index: number) => pointOf(corners.getAt(index));
    const listeners = [
      google.maps.event.addListener(
        corners,
        'set_at',
        edit((text, index) => replaceCorner(text, index, cornerAt(index))),
      ),
      google.maps.event.addListener(
        corners,
        'insert_at',
        edit((text, index) => insertCorner(text, index, cornerAt(index))),
      ),
      google.maps.event.addListener(corners, 'remove_at', edit(removeCorner)),
    ];
    return () => {
      for (const listener of listeners) listener.remove();
    };
  }, [polygon, path]);

  return (
    <div className="sn-geofence-editor__drawing">
      <div
        className="sn-geofence-editor__map"
        role="group"
        aria-label="Geofence map"
        aria-describedby={hintId}
      >
        <GoogleMap
          mapContainerClassName="sn-geofence-editor__map-canvas"
          center={GEOFENCE_MAP_VIEW.center}
          zoom={GEOFENCE_MAP_VIEW.zoom}
          options={MAP_OPTIONS}
          onLoad={(loaded) => {
            // A stored geofence opens fitted to its shape.
            if (bounds !== undefined) loaded.fitBounds(bounds);
            setMap(loaded);
          }}
          onUnmount={() => setMap(null)}
          onClick={place}
        >
          {draft.shapeType === 'Circle' && centre !== undefined && radius !== undefined && (
            <CircleF
              center={centre}
              radius={radius}
              options={CIRCLE_OPTIONS}
              editable
              draggable
              onLoad={(loaded) => {
                circle.current = loaded;
              }}
              onUnmount={() => {
                circle.current = null;
              }}
              onClick={place}
              onCenterChanged={centreDragged}
              onRadiusChanged={radiusDragged}
            />
          )}
          {draft.shapeType === 'Polygon' && path !== undefined && (
            <PolygonF
              path={path}
              options={POLYGON_OPTIONS}
              editable
              onLoad={setPolygon}
              onUnmount={() => setPolygon(null)}
              onClick={place}
            />
          )}
        </GoogleMap>
      </div>
      <div className="sn-geofence-editor__map-tools">
        <p id={hintId} className="sn-field__hint">
          {HINTS[draft.shapeType]}
        </p>
        {draft.shapeType === 'Polygon' && (
          <Button
            variant="secondary"
            disabled={draft.corners.trim() === ''}
            onClick={() => change((form) => ({ ...form, corners: '' }), 'Points')}
          >
            Clear corners
          </Button>
        )}
      </div>
    </div>
  );
}
