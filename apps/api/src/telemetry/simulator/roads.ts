/*
 * Precomputed drives along real South African highways: a handful of waypoints each (taken off
 * the map at interchanges), joined by straight lines. Between waypoints the simulator
 * interpolates, so a pin moves smoothly and stays close to the road at dashboard zoom levels.
 */

export interface LatLong {
  latitudeDegrees: number;
  longitudeDegrees: number;
}

export interface Road {
  name: string;
  waypoints: readonly LatLong[];
}

const point = (latitudeDegrees: number, longitudeDegrees: number): LatLong => ({
  latitudeDegrees,
  longitudeDegrees,
});

export const ROADS: readonly Road[] = [
  {
    name: 'Cape Town N1: Foreshore to Kraaifontein',
    waypoints: [
      point(-33.917, 18.433),
      point(-33.9125, 18.4655),
      point(-33.893, 18.51),
      point(-33.8955, 18.55),
      point(-33.888, 18.618),
      point(-33.856, 18.72),
    ],
  },
  {
    name: 'Cape Town N2: District Six to Somerset West',
    waypoints: [
      point(-33.93, 18.44),
      point(-33.9455, 18.481),
      point(-33.9505, 18.52),
      point(-33.9695, 18.58),
      point(-34.0, 18.64),
      point(-34.0755, 18.818),
    ],
  },
  {
    name: 'Johannesburg M1: Newtown to Woodmead',
    waypoints: [
      point(-26.2005, 28.03),
      point(-26.19, 28.032),
      point(-26.165, 28.045),
      point(-26.132, 28.055),
      point(-26.1005, 28.064),
      point(-26.056, 28.088),
    ],
  },
  {
    name: 'Johannesburg N3: Buccleuch to Geldenhuys',
    waypoints: [
      point(-26.05, 28.11),
      point(-26.09, 28.145),
      point(-26.14, 28.152),
      point(-26.17, 28.135),
      point(-26.217, 28.132),
      point(-26.27, 28.13),
    ],
  },
  {
    name: 'Durban N2: Umhlanga to Amanzimtoti',
    waypoints: [
      point(-29.725, 31.06),
      point(-29.8, 30.99),
      point(-29.849, 30.963),
      point(-29.92, 30.97),
      point(-29.97, 30.95),
      point(-30.05, 30.89),
    ],
  },
];

/** The road a vehicle drives: the same vehicle always gets the same road. */
export function roadFor(vehicleId: number): Road {
  const road = ROADS[Math.abs(vehicleId) % ROADS.length];
  if (road === undefined) throw new Error('There are no roads to drive.');
  return road;
}

const EARTH_RADIUS_METRES = 6_371_000;
const radians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(from: LatLong, to: LatLong): number {
  const dLat = radians(to.latitudeDegrees - from.latitudeDegrees);
  const dLong = radians(to.longitudeDegrees - from.longitudeDegrees);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitudeDegrees)) *
      Math.cos(radians(to.latitudeDegrees)) *
      Math.sin(dLong / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.sqrt(a));
}

/** The initial bearing from one point to another, in whole degrees clockwise from north (0..359). */
export function bearingDegrees(from: LatLong, to: LatLong): number {
  const dLong = radians(to.longitudeDegrees - from.longitudeDegrees);
  const fromLat = radians(from.latitudeDegrees);
  const toLat = radians(to.latitudeDegrees);
  const y = Math.sin(dLong) * Math.cos(toLat);
  const x = Math.cos(fromLat) * Math.sin(toLat) - Math.sin(fromLat) * Math.cos(toLat) * Math.cos(dLong);
  return Math.round((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

/** A road measured once, so positions along it are cheap to find. */
export interface Route {
  road: Road;
  lengthMetres: number;
  /** The point this far from the first waypoint (clamped to the road's ends). */
  at(distanceAlongMetres: number): LatLong;
}

export function measureRoute(road: Road): Route {
  const { waypoints } = road;
  const first = waypoints[0];
  if (first === undefined || waypoints.length < 2) throw new Error(`${road.name} needs two waypoints.`);
  const starts: number[] = [0];
  for (let index = 1; index < waypoints.length; index += 1) {
    const previous = waypoints[index - 1] ?? first;
    const current = waypoints[index] ?? first;
    starts.push((starts[index - 1] ?? 0) + distanceMetres(previous, current));
  }
  const lengthMetres = starts[starts.length - 1] ?? 0;
  return {
    road,
    lengthMetres,
    at(distanceAlongMetres) {
      const wanted = Math.min(Math.max(distanceAlongMetres, 0), lengthMetres);
      let segment = 1;
      while (segment < waypoints.length - 1 && (starts[segment] ?? 0) < wanted) segment += 1;
      const from = waypoints[segment - 1] ?? first;
      const to = waypoints[segment] ?? first;
      const start = starts[segment - 1] ?? 0;
      const length = (starts[segment] ?? start) - start;
      const fraction = length === 0 ? 0 : (wanted - start) / length;
      // Straight-line interpolation in degrees is exact enough over a few kilometres.
      return {
        latitudeDegrees: round(from.latitudeDegrees + (to.latitudeDegrees - from.latitudeDegrees) * fraction),
        longitudeDegrees: round(
          from.longitudeDegrees + (to.longitudeDegrees - from.longitudeDegrees) * fraction,
        ),
      };
    },
  };
}

// Six decimals is about 10 cm, finer than any GPS fix; it keeps the JSON short.
function round(degrees: number): number {
  return Math.round(degrees * 1e6) / 1e6;
}
