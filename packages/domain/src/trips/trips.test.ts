import { describe, expect, it } from 'vitest';
import { orderFixes, withSpeeds } from './fixes';
import { distanceMetres, pathMetres } from './geo';
import { FixWindow, StopFinder, TripBuilder } from './trip-stream';
import { fixesBetween, tripsAndStops } from './trips';
import { asReceived, M1_NORTH, TrackRecorder } from './test-tracks';

const HOME = M1_NORTH[0]!;
const OFFICE = M1_NORTH.at(-1)!;
const SOUTH = [...M1_NORTH].reverse();

/** A commute: parked at home, up the M1, a red light, a day at the office, back home, parked. */
function commute(everySeconds = 10) {
  const track = new TrackRecorder('2026-03-02T04:30:00.000Z', everySeconds);
  track.stay(HOME, 30 * 60);
  track.drive(M1_NORTH.slice(0, 3), 70);
  track.stay(M1_NORTH[2]!, 90, 5); // a red light: stood still, but not for 5 minutes
  track.drive(M1_NORTH.slice(2), 70);
  track.stay(OFFICE, 8 * 3600);
  track.drive(SOUTH, 60);
  track.stay(HOME, 45 * 60);
  return track.fixes;
}

describe('given fixes that arrived late and twice', () => {
  it('orders them by time and keeps one fix per instant', () => {
    const recorded = commute();
    const received = asReceived(recorded);
    expect(received.length).toBeGreaterThan(recorded.length);
    expect(received).not.toEqual(recorded);

    expect(orderFixes(received)).toEqual(recorded);
  });

  it('finds the same trips and stops as from the fixes in order', () => {
    const recorded = commute();
    expect(tripsAndStops(orderFixes(asReceived(recorded)))).toEqual(tripsAndStops(recorded));
  });
});

describe('given a commute arriving a page at a time', () => {
  it.each([1, 7, 500])(
    'finds the same trips and stops, holding only the undecided fixes (pages of %i)',
    (size) => {
      const fixes = commute(2);
      const window = new FixWindow();
      const finder = new StopFinder(window);
      const builder = new TripBuilder(window, finder);
      let held = 0;
      for (let start = 0; start < fixes.length; start += size) {
        window.push(fixes.slice(start, start + size));
        finder.advance(false);
        builder.advance();
        window.release(Math.min(finder.decided, builder.needs));
        held = Math.max(held, window.length - Math.min(finder.decided, builder.needs));
      }
      finder.advance(true);

      expect(builder.finish()).toEqual(tripsAndStops(fixes));
      // Stops of 8 hours at a fix every 2 s: the office day alone is 14,400 fixes.
      expect(held).toBeLessThan(size + 200);
    },
  );
});

describe('given a commute to the office and back', () => {
  const fixes = commute();
  const { trips, stops } = tripsAndStops(fixes);

  it('finds the two drives as trips', () => {
    expect(trips).toHaveLength(2);
    const [there, back] = trips;
    expect(
      distanceMetres(
        { latitudeDegrees: there!.startLatitudeDegrees, longitudeDegrees: there!.startLongitudeDegrees },
        HOME,
      ),
    ).toBeLessThan(100);
    expect(
      distanceMetres(
        { latitudeDegrees: there!.endLatitudeDegrees, longitudeDegrees: there!.endLongitudeDegrees },
        OFFICE,
      ),
    ).toBeLessThan(100);
    // The road is about 18.4 km; a few metres of a parked car's jitter at either end may add to it.
    const road = pathMetres(M1_NORTH);
    expect(there!.distanceMetres).toBeGreaterThan(road - 50);
    expect(there!.distanceMetres).toBeLessThan(road + 250);
    expect(back!.distanceMetres).toBeGreaterThan(road - 50);
    // At 70 km/h with a 90 s red light, about 17 minutes.
    expect(there!.durationSeconds).toBeGreaterThan(15 * 60);
    expect(there!.durationSeconds).toBeLessThan(19 * 60);
    expect(Date.parse(back!.startAt)).toBeGreaterThan(Date.parse(there!.endAt) + 7 * 3600_000);
  });

  it('finds home, the office and home again as stops, but not the red light', () => {
    expect(stops).toHaveLength(3);
    const [morning, office, evening] = stops;
    expect(distanceMetres(morning!, HOME)).toBeLessThan(30);
    expect(distanceMetres(office!, OFFICE)).toBeLessThan(30);
    expect(distanceMetres(evening!, HOME)).toBeLessThan(30);
    expect(office!.durationSeconds).toBeGreaterThan(7.9 * 3600);
    expect(stops.some((stop) => distanceMetres(stop, M1_NORTH[2]!) < 100)).toBe(false);
  });

  it('counts a shorter stay as a stop when the minimum is set lower', () => {
    const { stops: withRedLight, trips: split } = tripsAndStops(fixes, { minimumSeconds: 60 });
    expect(withRedLight.some((stop) => distanceMetres(stop, M1_NORTH[2]!) < 100)).toBe(true);
    expect(split).toHaveLength(3);
  });

  it('takes a wider radius as one stop for two places close together', () => {
    const track = new TrackRecorder('2026-03-02T06:00:00.000Z', 10);
    const shop = { latitudeDegrees: HOME.latitudeDegrees + 0.0015, longitudeDegrees: HOME.longitudeDegrees };
    track.stay(HOME, 600);
    track.drive([HOME, shop], 20);
    track.stay(shop, 600);
    expect(tripsAndStops(track.fixes).stops).toHaveLength(2);
    expect(tripsAndStops(track.fixes, { radiusMetres: 300 }).stops).toHaveLength(1);
  });

  it('gives the fixes of one trip, departure to arrival', () => {
    const there = trips[0]!;
    const own = fixesBetween(fixes, there.startAt, there.endAt);
    expect(own[0]!.at).toBe(there.startAt);
    expect(own.at(-1)!.at).toBe(there.endAt);
    expect(Math.round(pathMetres(own))).toBe(there.distanceMetres);
  });

  it('gives each fix the speed since the one before', () => {
    const speeds = withSpeeds(fixes.slice(200, 260))
      .slice(1)
      .map((fix) => fix.speedKmh);
    expect(speeds.some((speed) => speed > 65 && speed < 75)).toBe(true);
    expect(withSpeeds(fixes)[0]!.speedKmh).toBe(0);
  });
});

describe('given a vehicle that never moved', () => {
  it('has one stop and no trips', () => {
    const track = new TrackRecorder('2026-03-02T06:00:00.000Z', 60);
    track.stay(HOME, 3 * 3600);
    const { trips, stops } = tripsAndStops(track.fixes);
    expect(trips).toEqual([]);
    expect(stops).toHaveLength(1);
    expect(stops[0]!.durationSeconds).toBeCloseTo(3 * 3600 - 60, 0);
  });

  it('has neither without fixes', () => {
    expect(tripsAndStops([])).toEqual({ trips: [], stops: [] });
  });
});

describe('given a device silent while parked', () => {
  it('still sees the stop between the fix on arrival and the one on departure', () => {
    const track = new TrackRecorder('2026-03-02T06:00:00.000Z', 10);
    track.drive(M1_NORTH, 80);
    const beforeSilence = track.fixes.length;
    const departure = new TrackRecorder('2026-03-02T15:00:00.000Z', 10);
    departure.drive(SOUTH, 80);
    const fixes = [...track.fixes, ...departure.fixes];
    const { trips, stops } = tripsAndStops(fixes);
    expect(stops).toHaveLength(1);
    expect(stops[0]!.startAt).toBe(fixes[beforeSilence - 1]!.at);
    expect(trips).toHaveLength(2);
  });
});

describe('distances', () => {
  it('measures a degree of latitude as about 111.2 km', () => {
    expect(
      distanceMetres(
        { latitudeDegrees: -26, longitudeDegrees: 28 },
        { latitudeDegrees: -27, longitudeDegrees: 28 },
      ),
    ).toBeCloseTo(111_195, -1);
  });

  it('measures Cape Town to Johannesburg as about 1,262 km', () => {
    const km =
      distanceMetres(
        { latitudeDegrees: -33.9249, longitudeDegrees: 18.4241 },
        { latitudeDegrees: -26.2041, longitudeDegrees: 28.0473 },
      ) / 1000;
    expect(km).toBeGreaterThan(1255);
    expect(km).toBeLessThan(1270);
  });
});
