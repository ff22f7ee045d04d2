/** Mean Earth radius (IUGG), the usual one for haversine distances. */
const EARTH_RADIUS_METRES = 6_371_008.8;

export interface Position {
  latitudeDegrees: number;
  longitudeDegrees: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine); within 0.5 % of the ellipsoid at these ranges. */
export function distanceMetres(a: Position, b: Position): number {
  const dLat = radians(b.latitudeDegrees - a.latitudeDegrees);
  const dLon = radians(b.longitudeDegrees - a.longitudeDegrees);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitudeDegrees)) * Math.cos(radians(b.latitudeDegrees)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The length of a path through the positions, in metres. */
export function pathMetres(positions: readonly Position[]): number {
  let total = 0;
  for (let i = 1; i < positions.length; i += 1) {
    total += distanceMetres(positions[i - 1]!, positions[i]!);
  }
  return total;
}
