import { describe, expect, it } from 'vitest';
import turfDistance from '@turf/distance';
import type { GeoPoint, GeofenceRule, GeofenceShape } from './contract/geofences';
import {
  compileGeofence,
  GEOFENCE_MAX_VERTICES,
  GEOFENCE_MESSAGES,
  geofenceApplies,
  geofenceErrors,
  geofenceStep,
  parseCoordinates,
  previewGeofenceOnTrack,
  ruleText,
} from './geofences';
import type { GeofencePresence } from './geofences';

const at = (latitudeDegrees: number, longitudeDegrees: number): GeoPoint => ({
  latitudeDegrees,
  longitudeDegrees,
});

// Johannesburg's centre, and a square around Hillbrow about 1 km a side.
const centre = at(-26.2041, 28.0473);
const square: GeoPoint[] = [at(-26.19, 28.04), at(-26.19, 28.05), at(-26.2, 28.05), at(-26.2, 28.04)];
const rule = (trigger: GeofenceRule['trigger'], extra: Partial<GeofenceRule> = {}): GeofenceRule => ({
  trigger,
  dwellMinutes: null,
  schedule: null,
  priority: 2,
  ...extra,
});
const circle: GeofenceShape = { type: 'Circle', centre, radiusMetres: 500 };
const valid = {
  name: 'Hillbrow',
  shape: { type: 'Polygon', points: square } as GeofenceShape,
  scope: { kind: 'Everyone', id: null } as const,
  rules: [rule('Enter')],
};

describe('geofenceErrors', () => {
  it('accepts a polygon, a circle, and a ring closed on its first corner', () => {
    expect(geofenceErrors(valid)).toBeUndefined();
    expect(geofenceErrors({ ...valid, shape: circle })).toBeUndefined();
    expect(
      geofenceErrors({ ...valid, shape: { type: 'Polygon', points: [...square, square[0]!] } }),
    ).toBeUndefined();
  });

  it('refuses a polygon that crosses itself, too few or too many corners, and corners off the globe', () => {
    const bowtie = [square[0]!, square[2]!, square[1]!, square[3]!];
    expect(geofenceErrors({ ...valid, shape: { type: 'Polygon', points: bowtie } })).toEqual({
      Points: [GEOFENCE_MESSAGES.selfIntersecting],
    });
    expect(geofenceErrors({ ...valid, shape: { type: 'Polygon', points: square.slice(0, 2) } })).toEqual({
      Points: [GEOFENCE_MESSAGES.tooFewPoints],
    });
    const many = Array.from({ length: GEOFENCE_MAX_VERTICES + 1 }, (_, index) => {
      const angle = (2 * Math.PI * index) / (GEOFENCE_MAX_VERTICES + 1);
      return at(-26.2 + 0.01 * Math.sin(angle), 28.04 + 0.01 * Math.cos(angle));
    });
    expect(geofenceErrors({ ...valid, shape: { type: 'Polygon', points: many } })).toEqual({
      Points: [GEOFENCE_MESSAGES.tooManyPoints],
    });
    expect(
      geofenceErrors({ ...valid, shape: { type: 'Polygon', points: [...square.slice(0, 3), at(-91, 28)] } }),
    ).toEqual({
      Points: [GEOFENCE_MESSAGES.pointInvalid],
    });
    // Two corners on one spot are no polygon either.
    expect(geofenceErrors({ ...valid, shape: { type: 'Polygon', points: [...square, square[1]!] } })).toEqual(
      {
        Points: [GEOFENCE_MESSAGES.selfIntersecting],
      },
    );
  });

  it('refuses a zero radius and a centre off the globe', () => {
    expect(
      geofenceErrors({ ...valid, shape: { type: 'Circle', centre: at(95, 0), radiusMetres: 0 } }),
    ).toEqual({
      Radius: [GEOFENCE_MESSAGES.radiusRange],
      Centre: [GEOFENCE_MESSAGES.centreInvalid],
    });
  });

  it('names the form fields: name, scope, rules and each rule', () => {
    expect(
      geofenceErrors({
        name: '  ',
        shape: circle,
        scope: { kind: 'Vehicle', id: null },
        rules: [rule('Dwell'), rule('Exit', { schedule: { days: [], from: '22:00', to: '05:00' } })],
      }),
    ).toEqual({
      Name: [GEOFENCE_MESSAGES.nameRequired],
      Scope: [GEOFENCE_MESSAGES.scopeRequired],
      'Rules[0].DwellMinutes': [GEOFENCE_MESSAGES.dwellMinutesRange],
      'Rules[1].Days': ['Choose at least one day.'],
    });
    expect(geofenceErrors({ ...valid, rules: [] })).toEqual({ Rules: [GEOFENCE_MESSAGES.rulesRequired] });
    expect(geofenceErrors({ ...valid, scope: { kind: 'Everyone', id: 3 } })).toEqual({
      Scope: [GEOFENCE_MESSAGES.scopeRequired],
    });
  });
});

describe('parseCoordinates', () => {
  it('reads a corner per line or per semicolon, split by a comma or spaces', () => {
    expect(parseCoordinates('-26.19, 28.04\n-26.19 28.05;  -26.2,28.05\n\n')).toEqual([
      at(-26.19, 28.04),
      at(-26.19, 28.05),
      at(-26.2, 28.05),
    ]);
  });

  it('refuses text that is not pairs of numbers', () => {
    expect(parseCoordinates('Hillbrow')).toBeUndefined();
    expect(parseCoordinates('-26.19, 28.04, 5')).toBeUndefined();
    expect(parseCoordinates('')).toBeUndefined();
  });
});

describe('compileGeofence', () => {
  it("agrees with turf's distance on which points a circle holds", () => {
    const fence = compileGeofence({ id: 1, name: 'C', shape: circle, scope: valid.scope, rules: [] });
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let index = 0; index < 500; index += 1) {
      const point = at(
        centre.latitudeDegrees + (random() - 0.5) * 0.02,
        centre.longitudeDegrees + (random() - 0.5) * 0.02,
      );
      const metres = turfDistance(
        [centre.longitudeDegrees, centre.latitudeDegrees],
        [point.longitudeDegrees, point.latitudeDegrees],
        { units: 'meters' },
      );
      // Both are haversine on nearly the same sphere: only a point within a metre of the edge may differ.
      if (Math.abs(metres - 500) > 1) expect(fence.contains(point)).toBe(metres <= 500);
      const { box } = fence;
      if (fence.contains(point)) {
        expect(point.longitudeDegrees).toBeGreaterThanOrEqual(box.minX);
        expect(point.longitudeDegrees).toBeLessThanOrEqual(box.maxX);
        expect(point.latitudeDegrees).toBeGreaterThanOrEqual(box.minY);
        expect(point.latitudeDegrees).toBeLessThanOrEqual(box.maxY);
      }
    }
  });

  it("holds a polygon's inside, not its outside", () => {
    const fence = compileGeofence({ id: 1, name: 'P', shape: valid.shape, scope: valid.scope, rules: [] });
    expect(fence.contains(at(-26.195, 28.045))).toBe(true);
    expect(fence.contains(at(-26.205, 28.045))).toBe(false);
    expect(fence.box).toEqual({ minX: 28.04, minY: -26.2, maxX: 28.05, maxY: -26.19 });
  });
});

describe('geofenceApplies', () => {
  const vehicle = { vehicleId: 5, holderId: 9, companyId: 2 };
  it('matches each scope to its vehicles', () => {
    expect(geofenceApplies({ kind: 'Everyone', id: null }, vehicle)).toBe(true);
    expect(geofenceApplies({ kind: 'Vehicle', id: 5 }, vehicle)).toBe(true);
    expect(geofenceApplies({ kind: 'Vehicle', id: 9 }, vehicle)).toBe(false);
    expect(geofenceApplies({ kind: 'AccountHolder', id: 9 }, vehicle)).toBe(true);
    expect(geofenceApplies({ kind: 'Company', id: 2 }, vehicle)).toBe(true);
    expect(geofenceApplies({ kind: 'Company', id: 2 }, { ...vehicle, companyId: null })).toBe(false);
  });
});

describe('geofenceStep', () => {
  const inside = at(-26.195, 28.045);
  const outside = at(-26.21, 28.045);
  const fence = (rules: GeofenceRule[]) =>
    compileGeofence({ id: 4, name: 'Hillbrow', shape: valid.shape, scope: valid.scope, rules });
  const t0 = new Date('2026-11-27T10:00:00Z');
  const later = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

  it('raises Enter on the way in and Exit on the way out, naming the geofence and the rule', () => {
    const zone = fence([rule('Enter', { priority: 1 }), rule('Exit')]);
    const entered = geofenceStep({}, [zone], inside, t0);
    expect(entered.breaches).toEqual([
      {
        geofenceId: 4,
        ruleIndex: 0,
        trigger: 'Enter',
        priority: 1,
        text: 'Entered Hillbrow (rule: on entering)',
      },
    ]);
    expect(entered.presence).toEqual({ '4': { since: t0.toISOString() } });
    const stayed = geofenceStep(entered.presence, [zone], inside, later(1));
    expect(stayed).toEqual({ presence: entered.presence, breaches: [], changed: false });
    const left = geofenceStep(stayed.presence, [zone], outside, later(2));
    expect(left.breaches.map((breach) => breach.text)).toEqual(['Left Hillbrow (rule: on leaving)']);
    expect(left.presence).toEqual({});
  });

  it('raises Dwell once per stay, after its minutes', () => {
    const zone = fence([rule('Dwell', { dwellMinutes: 30 })]);
    let presence: GeofencePresence = geofenceStep({}, [zone], inside, t0).presence;
    expect(geofenceStep(presence, [zone], inside, later(30)).breaches).toEqual([]);
    const dwelt = geofenceStep(presence, [zone], inside, later(31));
    expect(dwelt.breaches.map((breach) => breach.text)).toEqual([
      'Stayed in Hillbrow longer than 30 minutes (rule: on staying longer than 30 minutes)',
    ]);
    presence = dwelt.presence;
    expect(geofenceStep(presence, [zone], inside, later(60)).breaches).toEqual([]);
    // Out and in again: a new stay.
    presence = geofenceStep(presence, [zone], outside, later(61)).presence;
    presence = geofenceStep(presence, [zone], inside, later(62)).presence;
    expect(geofenceStep(presence, [zone], inside, later(93)).breaches).toHaveLength(1);
  });

  it('keeps to the rule schedule (Johannesburg time) but still tracks presence outside it', () => {
    // 2026-11-27 is a Friday; 10:00 UTC is 12:00 in Johannesburg.
    const nights = fence([rule('Enter', { schedule: { days: ['Fri'], from: '22:00', to: '05:00' } })]);
    const noon = geofenceStep({}, [nights], inside, t0);
    expect(noon.breaches).toEqual([]);
    expect(noon.changed).toBe(true);
    const night = geofenceStep({}, [nights], inside, new Date('2026-11-27T21:00:00Z'));
    expect(night.breaches[0]?.text).toBe('Entered Hillbrow (rule: on entering, Fri 22:00–05:00)');
    expect(
      ruleText(
        rule('Exit', {
          schedule: { days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'], from: '22:00', to: '05:00' },
        }),
      ),
    ).toBe('on leaving, every day 22:00–05:00');
  });

  it('forgets a geofence that is gone without raising Exit', () => {
    const zone = fence([rule('Exit')]);
    const { presence } = geofenceStep({}, [zone], inside, t0);
    expect(geofenceStep(presence, [], outside, later(1))).toEqual({
      presence: {},
      breaches: [],
      changed: true,
    });
  });
});

describe('previewGeofenceOnTrack', () => {
  it('runs the rules over the fixes in time order; the first fix only says where the vehicle stood', () => {
    const home = { id: 0, name: 'Home', shape: valid.shape, scope: valid.scope };
    const zone = compileGeofence({ ...home, rules: [rule('Exit')] });
    const fix = (minute: number, point: GeoPoint) => ({
      at: new Date(Date.UTC(2026, 10, 27, 10, minute)).toISOString(),
      ...point,
    });
    const breaches = previewGeofenceOnTrack(zone, [
      fix(5, at(-26.21, 28.045)),
      fix(0, at(-26.195, 28.045)),
      fix(10, at(-26.195, 28.045)),
      fix(15, at(-26.21, 28.045)),
    ]);
    expect(breaches.map((breach) => [breach.at, breach.trigger])).toEqual([
      ['2026-11-27T10:05:00.000Z', 'Exit'],
      ['2026-11-27T10:15:00.000Z', 'Exit'],
    ]);
    // Parked inside from the start: no entry is invented.
    const enter = compileGeofence({ ...home, rules: [rule('Enter')] });
    expect(previewGeofenceOnTrack(enter, [fix(0, at(-26.195, 28.045)), fix(1, at(-26.195, 28.045))])).toEqual(
      [],
    );
  });
});
