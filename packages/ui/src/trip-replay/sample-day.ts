/*
 * A day of a demo vehicle for the stories and tests: parked at home, up Johannesburg's M1 to
 * the office, parked (a tamper alert raised and cancelled there), and back, a fix every 30 s
 * while driving. Trips and stops come from the same domain rules the server uses.
 */
import { orderFixes, tripsAndStops, withSpeeds } from '@sentinel/domain';
import type { RecordedFix, ReplayEvent } from '@sentinel/domain';

const M1 = [
  [-26.2005, 28.03],
  [-26.19, 28.032],
  [-26.165, 28.045],
  [-26.132, 28.055],
  [-26.1005, 28.064],
  [-26.056, 28.088],
] as const;

function drive(fixes: RecordedFix[], from: number, waypoints: readonly (readonly [number, number])[]) {
  let time = from;
  for (let w = 1; w < waypoints.length; w += 1) {
    const [fromLat, fromLon] = waypoints[w - 1]!;
    const [toLat, toLon] = waypoints[w]!;
    for (let step = 0; step < 6; step += 1) {
      const share = step / 6;
      fixes.push({
        at: new Date(time).toISOString(),
        latitudeDegrees: fromLat + (toLat - fromLat) * share,
        longitudeDegrees: fromLon + (toLon - fromLon) * share,
      });
      time += 30_000;
    }
  }
  const [lat, lon] = waypoints.at(-1)!;
  fixes.push({ at: new Date(time).toISOString(), latitudeDegrees: lat, longitudeDegrees: lon });
  return time;
}

function park(fixes: RecordedFix[], from: number, until: number, [lat, lon]: readonly [number, number]) {
  for (let time = from + 30 * 60_000; time < until; time += 30 * 60_000) {
    fixes.push({ at: new Date(time).toISOString(), latitudeDegrees: lat + 0.00005, longitudeDegrees: lon });
  }
}

/** 2026-03-02 (a Monday) in Johannesburg: 06:00 at home, 07:00 to work, 17:00 home again. */
export function sampleDay() {
  const midnight = Date.parse('2026-03-01T22:00:00.000Z');
  const hour = 3_600_000;
  const recorded: RecordedFix[] = [];
  const home = M1[0];
  const office = M1[5];
  recorded.push({
    at: new Date(midnight + 6 * hour).toISOString(),
    latitudeDegrees: home[0],
    longitudeDegrees: home[1],
  });
  park(recorded, midnight + 6 * hour, midnight + 7 * hour, home);
  const arrived = drive(recorded, midnight + 7 * hour, M1);
  park(recorded, arrived, midnight + 17 * hour, office);
  const back = drive(recorded, midnight + 17 * hour, [...M1].reverse());
  park(recorded, back, midnight + 19 * hour, home);
  const fixes = withSpeeds(orderFixes(recorded));
  const { trips, stops } = tripsAndStops(fixes);
  const at = (hours: number) => new Date(midnight + hours * hour).toISOString();
  const events: ReplayEvent[] = [
    {
      id: 1,
      at: at(6.99),
      type: 'LockState',
      isLocked: false,
      tamperCancelled: null,
      latitudeDegrees: home[0],
      longitudeDegrees: home[1],
    },
    {
      id: 2,
      at: at(12),
      type: 'TamperAlert',
      isLocked: null,
      tamperCancelled: false,
      latitudeDegrees: office[0],
      longitudeDegrees: office[1],
    },
    {
      id: 3,
      at: at(12.3),
      type: 'TamperAlert',
      isLocked: null,
      tamperCancelled: true,
      latitudeDegrees: office[0],
      longitudeDegrees: office[1],
    },
    {
      id: 4,
      at: new Date(Date.parse(trips.at(-1)!.endAt) + 60_000).toISOString(),
      type: 'LockState',
      isLocked: true,
      tamperCancelled: null,
      latitudeDegrees: home[0],
      longitudeDegrees: home[1],
    },
  ];
  return { fixes, trips, stops, events };
}
