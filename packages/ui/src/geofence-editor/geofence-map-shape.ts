/*
 * What the geofence map draws from the editor's text fields, and the fields' new text after a click
 * or a drag on the map. The typed text stays the one source of truth: the map reads it as the draft
 * and the domain read it (numberOf, parseCoordinates) and writes it back as a person would type it.
 */
import { GEOFENCE_MAX_RADIUS_METRES, GEOFENCE_MIN_RADIUS_METRES, parseCoordinates } from '@sentinel/domain';
import { numberOf } from './geofence-draft';
import type { GeofenceDraft } from './geofence-draft';

/** A point as Google's map takes and gives it (google.maps.LatLngLiteral). */
export interface MapPoint {
  lat: number;
  lng: number;
}

/** An area as Google's fitBounds takes it and getBounds().toJSON() gives it. */
export interface MapBounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

/** What the map draws: a circle, a polygon's corners in order, or nothing readable yet. */
export type MapShape =
  { type: 'Circle'; centre: MapPoint; radius: number } | { type: 'Polygon'; path: MapPoint[] } | undefined;

/** Decimals a coordinate from the map keeps: 6 is about 0.1 m, finer than a tracker's fix. */
export const MAP_DECIMALS = 6;

/** About how many metres one degree of latitude spans; a view's extent needs no more precision. */
const METRES_PER_DEGREE = 111_320;

/** A new circle's radius is about this many pixels on the map where it is placed. */
const STARTING_RADIUS_PIXELS = 40;

const onEarth = ({ lat, lng }: MapPoint) =>
  Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

/** The polygon's corners in order, when the Corners text can be read as a list of them. */
export function cornersPath(corners: string): MapPoint[] | undefined {
  return parseCoordinates(corners)?.map((point) => ({
    lat: point.latitudeDegrees,
    lng: point.longitudeDegrees,
  }));
}

/** The circle's centre, when both its fields read as a point on earth. */
export function typedCentre(latitude: string, longitude: string): MapPoint | undefined {
  const centre = { lat: numberOf(latitude), lng: numberOf(longitude) };
  return onEarth(centre) ? centre : undefined;
}

/** The circle's radius, when its field reads as a length (the domain judges whether it is allowed). */
export function typedRadius(radius: string): number | undefined {
  const metres = numberOf(radius);
  return Number.isFinite(metres) && metres >= 0 ? metres : undefined;
}

/** A coordinate as the map writes it into a field. */
export const formatCoordinate = (degrees: number) => degrees.toFixed(MAP_DECIMALS);

/** One line of the Corners field: "latitude, longitude". */
export const formatCorner = (point: MapPoint) =>
  `${formatCoordinate(point.lat)}, ${formatCoordinate(point.lng)}`;

/** The Centre latitude and longitude fields for a point on the map. */
export const centreFields = (point: MapPoint) => ({
  latitude: formatCoordinate(point.lat),
  longitude: formatCoordinate(point.lng),
});

/** The Radius field for a radius on the map: whole metres. */
export const radiusField = (metres: number) => String(Math.round(metres));

/**
 * Whether the fields already say this centre: the map hands back what it was given (and Google
 * reports every setCenter as a change), which must not rewrite what the person typed.
 */
export function sameCentre(draft: GeofenceDraft, point: MapPoint): boolean {
  const tolerance = 0.5 * 10 ** -MAP_DECIMALS;
  return (
    Math.abs(numberOf(draft.latitude) - point.lat) < tolerance &&
    Math.abs(numberOf(draft.longitude) - point.lng) < tolerance
  );
}

/** Whether the Radius field already says this radius, to the whole metre it would be written as. */
export const sameRadius = (draft: GeofenceDraft, metres: number) =>
  Math.abs(numberOf(draft.radius) - metres) < 0.5;

/**
 * The radius a circle placed with a click starts at, when none is typed yet: about 40 pixels at the
 * map's zoom (Google's tiles are 256 pixels wide at zoom 0), to two significant figures and within
 * the domain's limits, so it is seen and can be dragged to size.
 */
export function startingRadius(zoom: number, latitude: number): number {
  const metresPerPixel = (2 * Math.PI * 6_378_137 * Math.cos((latitude * Math.PI) / 180)) / (256 * 2 ** zoom);
  const metres = Number((STARTING_RADIUS_PIXELS * metresPerPixel).toPrecision(2));
  return Math.min(GEOFENCE_MAX_RADIUS_METRES, Math.max(GEOFENCE_MIN_RADIUS_METRES, metres));
}

// The Corners field is read as parseCoordinates reads it: pieces between newlines or semicolons,
// blank pieces skipped. Split with its separators kept, the pieces sit at the even places.
const piecesOf = (text: string) => text.split(/([\n;]+)/);

/** Where corner `index` (counting only the pieces that are not blank) sits among the pieces, or -1. */
function placeOf(pieces: readonly string[], index: number): number {
  let corner = -1;
  for (let place = 0; place < pieces.length; place += 2) {
    if (pieces[place]!.trim() === '') continue;
    corner += 1;
    if (corner === index) return place;
  }
  return -1;
}

/** The Corners text with a corner added as its last line (a click on the map). */
export function appendCorner(corners: string, point: MapPoint): string {
  const kept = corners.trimEnd();
  return kept === '' ? formatCorner(point) : `${kept}\n${formatCorner(point)}`;
}

/** The Corners text with corner `index` moved (a corner dragged); the other lines stay as typed. */
export function replaceCorner(corners: string, index: number, point: MapPoint): string {
  const pieces = piecesOf(corners);
  const place = placeOf(pieces, index);
  if (place < 0) return appendCorner(corners, point);
  pieces[place] = formatCorner(point);
  return pieces.join('');
}

/** The Corners text with a corner put in before corner `index` (a side's middle dragged out). */
export function insertCorner(corners: string, index: number, point: MapPoint): string {
  const pieces = piecesOf(corners);
  const place = placeOf(pieces, index);
  if (place < 0) return appendCorner(corners, point);
  pieces[place] = `${formatCorner(point)}\n${pieces[place]!.trimStart()}`;
  return pieces.join('');
}

/** The Corners text without corner `index` and the separator after it (before it, for the last). */
export function removeCorner(corners: string, index: number): string {
  const pieces = piecesOf(corners);
  const place = placeOf(pieces, index);
  if (place < 0) return corners;
  if (place < pieces.length - 1) pieces.splice(place, 2);
  else if (place > 0) pieces.splice(place - 1, 2);
  else return '';
  return pieces.join('');
}

/** The area a shape covers, to bring it into view. */
export function shapeBounds(shape: MapShape): MapBounds | undefined {
  if (shape === undefined) return undefined;
  if (shape.type === 'Circle') {
    const { centre, radius } = shape;
    const latitudeSpan = radius / METRES_PER_DEGREE;
    const cosine = Math.max(Math.cos((centre.lat * Math.PI) / 180), 0.01);
    const longitudeSpan = Math.min(180, radius / (METRES_PER_DEGREE * cosine));
    return {
      north: Math.min(90, centre.lat + latitudeSpan),
      south: Math.max(-90, centre.lat - latitudeSpan),
      east: centre.lng + longitudeSpan,
      west: centre.lng - longitudeSpan,
    };
  }
  const latitudes = shape.path.map((point) => point.lat);
  const longitudes = shape.path.map((point) => point.lng);
  return {
    north: Math.max(...latitudes),
    south: Math.min(...latitudes),
    east: Math.max(...longitudes),
    west: Math.min(...longitudes),
  };
}

/** Whether two areas overlap at all (a shape partly in view is left where it is). */
export const boundsMeet = (a: MapBounds, b: MapBounds) =>
  a.south <= b.north && b.south <= a.north && a.west <= b.east && b.west <= a.east;
