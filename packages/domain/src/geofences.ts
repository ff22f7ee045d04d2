/*
 * Geofences: the form rules of a geofence and its rules, its geometry, and what a vehicle's fix
 * breaks. One place for the api's evaluation at ingestion, its 7-day preview and the editor, so the
 * preview lists exactly what the server would have raised.
 *
 * Geometry: a circle is a haversine distance (trips/geo's distanceMetres, as arming measures its
 * drift); a polygon's inside test and its crossing check are turf's (booleanPointInPolygon, kinks),
 * well-kept and tested against the GeoJSON rules for rings, so no hand-written ray casting has to
 * get the edge cases right.
 */
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import kinks from '@turf/kinks';
import { polygon as turfPolygon } from '@turf/helpers';
import type { Feature, Polygon } from 'geojson';
import type { AlarmPriority } from './alarms';
import { armingScheduleErrors, scheduleWindowAt, WEEKDAYS } from './arming';
import type { ArmingSchedule } from './contract/arming';
import type {
  GeoPoint,
  GeofenceRule,
  GeofenceScope,
  GeofenceScopeKind,
  GeofenceShape,
  GeofenceTrigger,
} from './contract/geofences';
import type { FieldErrors } from './messages';
import { distanceMetres } from './trips/geo';

/** The most corners a polygon may have (a border crossing's outline fits; the lookup stays fast). */
export const GEOFENCE_MAX_VERTICES = 200;
/** The most rules one geofence carries. */
export const GEOFENCE_MAX_RULES = 5;
export const GEOFENCE_NAME_MAX_LENGTH = 100;
/** A circle smaller than a fix's own error (tens of metres) would fire on a parked car's jitter. */
export const GEOFENCE_MIN_RADIUS_METRES = 50;
export const GEOFENCE_MAX_RADIUS_METRES = 200_000;
/** The longest stay a Dwell rule waits for: a week. */
export const GEOFENCE_MAX_DWELL_MINUTES = 7 * 24 * 60;
/** How far back 'Try on the last 7 days' looks. */
export const GEOFENCE_PREVIEW_DAYS = 7;

export const GEOFENCE_MESSAGES = {
  nameRequired: 'Enter a name.',
  nameTooLong: `A name has at most ${GEOFENCE_NAME_MAX_LENGTH} characters.`,
  radiusRange: `Enter a radius from ${GEOFENCE_MIN_RADIUS_METRES} to ${GEOFENCE_MAX_RADIUS_METRES} metres.`,
  centreInvalid: 'Enter the centre as a latitude from -90 to 90 and a longitude from -180 to 180.',
  tooFewPoints: 'A polygon needs at least 3 corners.',
  tooManyPoints: `A polygon has at most ${GEOFENCE_MAX_VERTICES} corners.`,
  pointInvalid: 'Every corner needs a latitude from -90 to 90 and a longitude from -180 to 180.',
  selfIntersecting: 'The polygon crosses itself: put its corners in order around the edge.',
  coordinatesUnreadable: 'Paste one corner per line as latitude, longitude (for example -26.2041, 28.0473).',
  scopeRequired: 'Choose which vehicles the geofence watches.',
  scopeOutside: 'You cannot set geofences for these vehicles.',
  rulesRequired: 'Add at least one rule.',
  tooManyRules: `A geofence has at most ${GEOFENCE_MAX_RULES} rules.`,
  dwellMinutesRange: `Enter the minutes, from 1 to ${GEOFENCE_MAX_DWELL_MINUTES}.`,
  noBreaches: 'No breaches in the last 7 days.',
  noGeofences: 'No geofences yet.',
} as const;

export const GEOFENCE_TRIGGER_LABELS: Record<GeofenceTrigger, string> = {
  Enter: 'On entering',
  Exit: 'On leaving',
  Dwell: 'On staying longer than',
};

export const GEOFENCE_SCOPE_LABELS: Record<GeofenceScopeKind, string> = {
  Vehicle: 'One vehicle',
  AccountHolder: "An account holder's vehicles",
  Company: "A company's vehicles",
  Everyone: 'Every vehicle',
};

const validPoint = (point: GeoPoint | undefined): point is GeoPoint =>
  point !== undefined &&
  Number.isFinite(point.latitudeDegrees) &&
  Number.isFinite(point.longitudeDegrees) &&
  Math.abs(point.latitudeDegrees) <= 90 &&
  Math.abs(point.longitudeDegrees) <= 180;

const samePoint = (a: GeoPoint, b: GeoPoint) =>
  a.latitudeDegrees === b.latitudeDegrees && a.longitudeDegrees === b.longitudeDegrees;

/** A polygon's corners without a last corner that repeats the first (GeoJSON closes its rings so). */
export function polygonCorners(points: readonly GeoPoint[]): GeoPoint[] {
  const first = points[0];
  const last = points.at(-1);
  return points.length > 1 && first && last && samePoint(first, last) ? points.slice(0, -1) : [...points];
}

/** The closed GeoJSON polygon of the corners (longitude first, as GeoJSON has it). */
function polygonFeature(corners: readonly GeoPoint[]): Feature<Polygon> {
  const ring = corners.map((point) => [point.longitudeDegrees, point.latitudeDegrees]);
  ring.push(ring[0]!);
  return turfPolygon([ring]);
}

/** Whether a polygon's edges cross one another (or touch elsewhere than at their shared corners). */
export function polygonCrossesItself(corners: readonly GeoPoint[]): boolean {
  if (corners.length < 3) return false;
  // Two corners in one place make a zero-length edge that turf does not report; it is no polygon.
  const seen = new Set(corners.map((point) => `${point.latitudeDegrees},${point.longitudeDegrees}`));
  if (seen.size < corners.length) return true;
  return kinks(polygonFeature(corners)).features.length > 0;
}

/**
 * The corners pasted as text: one per line (or separated by ';'), latitude then longitude, split by
 * a comma or spaces, as a map's "copy coordinates" gives them. Undefined when a line is not that.
 */
export function parseCoordinates(text: string): GeoPoint[] | undefined {
  const lines = text
    .split(/[\n;]+/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const points: GeoPoint[] = [];
  for (const line of lines) {
    const parts = line.split(/[\s,]+/).filter((part) => part !== '');
    if (parts.length !== 2) return undefined;
    const [latitudeDegrees, longitudeDegrees] = parts.map(Number) as [number, number];
    if (!Number.isFinite(latitudeDegrees) || !Number.isFinite(longitudeDegrees)) return undefined;
    points.push({ latitudeDegrees, longitudeDegrees });
  }
  return points.length === 0 ? undefined : points;
}

/** The shape's field errors (Radius and Centre, or Points). */
function shapeErrors(shape: Partial<GeofenceShape> | undefined, errors: FieldErrors): void {
  if (shape?.type === 'Circle') {
    const radius = shape.radiusMetres;
    if (
      typeof radius !== 'number' ||
      !Number.isFinite(radius) ||
      radius < GEOFENCE_MIN_RADIUS_METRES ||
      radius > GEOFENCE_MAX_RADIUS_METRES
    ) {
      errors['Radius'] = [GEOFENCE_MESSAGES.radiusRange];
    }
    if (!validPoint(shape.centre)) errors['Centre'] = [GEOFENCE_MESSAGES.centreInvalid];
    return;
  }
  if (shape?.type !== 'Polygon') {
    errors['Points'] = [GEOFENCE_MESSAGES.tooFewPoints];
    return;
  }
  const corners = polygonCorners(shape.points ?? []);
  if (corners.length < 3) errors['Points'] = [GEOFENCE_MESSAGES.tooFewPoints];
  else if (corners.length > GEOFENCE_MAX_VERTICES) errors['Points'] = [GEOFENCE_MESSAGES.tooManyPoints];
  else if (!corners.every(validPoint)) errors['Points'] = [GEOFENCE_MESSAGES.pointInvalid];
  else if (polygonCrossesItself(corners)) errors['Points'] = [GEOFENCE_MESSAGES.selfIntersecting];
}

/** A rule's field errors, named Rules[i].DwellMinutes, Rules[i].Days, Rules[i].From, Rules[i].To. */
function ruleErrors(rule: Partial<GeofenceRule>, index: number, errors: FieldErrors): void {
  if (rule.trigger === 'Dwell') {
    const minutes = rule.dwellMinutes;
    if (
      typeof minutes !== 'number' ||
      !Number.isInteger(minutes) ||
      minutes < 1 ||
      minutes > GEOFENCE_MAX_DWELL_MINUTES
    ) {
      errors[`Rules[${index}].DwellMinutes`] = [GEOFENCE_MESSAGES.dwellMinutesRange];
    }
  }
  if (rule.schedule) {
    for (const [field, messages] of Object.entries(armingScheduleErrors(rule.schedule) ?? {})) {
      errors[`Rules[${index}].${field}`] = messages;
    }
  }
}

/**
 * The field errors of a geofence (Name, Radius, Centre, Points, Scope, Rules and each rule's);
 * undefined when it may be saved. Whether the caller may use the scope is the api's to say
 * (GEOFENCE_MESSAGES.scopeOutside at Scope).
 */
export function geofenceErrors(input: {
  name?: string | undefined;
  shape?: Partial<GeofenceShape> | undefined;
  scope?: Partial<GeofenceScope> | undefined;
  rules?: readonly Partial<GeofenceRule>[] | undefined;
}): FieldErrors | undefined {
  const errors: FieldErrors = {};
  const name = input.name?.trim() ?? '';
  if (name === '') errors['Name'] = [GEOFENCE_MESSAGES.nameRequired];
  else if (name.length > GEOFENCE_NAME_MAX_LENGTH) errors['Name'] = [GEOFENCE_MESSAGES.nameTooLong];
  shapeErrors(input.shape, errors);
  const scope = input.scope;
  if (
    scope?.kind === undefined ||
    (scope.kind === 'Everyone' ? scope.id != null : typeof scope.id !== 'number' || scope.id < 1)
  ) {
    errors['Scope'] = [GEOFENCE_MESSAGES.scopeRequired];
  }
  const rules = input.rules ?? [];
  if (rules.length === 0) errors['Rules'] = [GEOFENCE_MESSAGES.rulesRequired];
  else if (rules.length > GEOFENCE_MAX_RULES) errors['Rules'] = [GEOFENCE_MESSAGES.tooManyRules];
  else rules.forEach((rule, index) => ruleErrors(rule, index, errors));
  return Object.keys(errors).length === 0 ? undefined : errors;
}

/** The vehicle a geofence's scope is matched against. */
export interface ScopedVehicle {
  vehicleId: number;
  /** Its account holder. */
  holderId: number;
  /** Its account holder's company; null when the holder belongs to none. */
  companyId: number | null;
}

/** Whether the geofence's scope takes in the vehicle. */
export function geofenceApplies(scope: GeofenceScope, vehicle: ScopedVehicle): boolean {
  switch (scope.kind) {
    case 'Everyone':
      return true;
    case 'Vehicle':
      return scope.id === vehicle.vehicleId;
    case 'AccountHolder':
      return scope.id === vehicle.holderId;
    case 'Company':
      return vehicle.companyId !== null && scope.id === vehicle.companyId;
  }
}

/** A bounding box in degrees, as an R-tree indexes it (x is longitude, y latitude). */
export interface BoundingBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const METRES_PER_DEGREE = 111_320;

/** A geofence ready to test fixes against: its box for the lookup and its inside test. */
export interface CompiledGeofence {
  id: number;
  name: string;
  scope: GeofenceScope;
  rules: readonly GeofenceRule[];
  box: BoundingBox;
  contains(point: GeoPoint): boolean;
}

/** Prepares a geofence (already checked with geofenceErrors) for the lookup and the tests. */
export function compileGeofence(geofence: {
  id: number;
  name: string;
  shape: GeofenceShape;
  scope: GeofenceScope;
  rules: readonly GeofenceRule[];
}): CompiledGeofence {
  const { id, name, scope, rules, shape } = geofence;
  if (shape.type === 'Circle') {
    const { centre, radiusMetres } = shape;
    const latitudeSpan = radiusMetres / METRES_PER_DEGREE;
    const cosine = Math.max(Math.cos((centre.latitudeDegrees * Math.PI) / 180), 0.01);
    const longitudeSpan = Math.min(180, radiusMetres / (METRES_PER_DEGREE * cosine));
    return {
      id,
      name,
      scope,
      rules,
      box: {
        minX: centre.longitudeDegrees - longitudeSpan,
        minY: centre.latitudeDegrees - latitudeSpan,
        maxX: centre.longitudeDegrees + longitudeSpan,
        maxY: centre.latitudeDegrees + latitudeSpan,
      },
      contains: (point) => distanceMetres(centre, point) <= radiusMetres,
    };
  }
  const corners = polygonCorners(shape.points);
  const feature = polygonFeature(corners);
  const box: BoundingBox = {
    minX: Math.min(...corners.map((point) => point.longitudeDegrees)),
    minY: Math.min(...corners.map((point) => point.latitudeDegrees)),
    maxX: Math.max(...corners.map((point) => point.longitudeDegrees)),
    maxY: Math.max(...corners.map((point) => point.latitudeDegrees)),
  };
  return {
    id,
    name,
    scope,
    rules,
    box,
    contains: (point) =>
      point.longitudeDegrees >= box.minX &&
      point.longitudeDegrees <= box.maxX &&
      point.latitudeDegrees >= box.minY &&
      point.latitudeDegrees <= box.maxY &&
      booleanPointInPolygon([point.longitudeDegrees, point.latitudeDegrees], feature),
  };
}

/**
 * Where a vehicle stands against the geofences it is inside: for each geofence's id, since when,
 * and which of its Dwell rules (by index) have already fired for this stay. Stored with the vehicle,
 * so a restart remembers it; a geofence the vehicle is outside has no entry.
 */
export type GeofencePresence = Record<string, { since: string; dwelt?: number[] }>;

/** One rule broken by a fix. */
export interface GeofenceRuleBreach {
  geofenceId: number;
  ruleIndex: number;
  trigger: GeofenceTrigger;
  priority: AlarmPriority;
  /** The alarm timeline's words: what happened, the geofence's name, and the rule. */
  text: string;
}

const dayList = (days: readonly string[]) =>
  days.length === 7 ? 'every day' : WEEKDAYS.filter((day) => days.includes(day)).join(', ');

/** A schedule as the timeline and the list name it: "Mon, Tue 22:00–05:00". */
export function scheduleText(schedule: ArmingSchedule): string {
  return `${dayList(schedule.days)} ${schedule.from}–${schedule.to}`;
}

/** A rule as the timeline and the list name it: "on entering, every day 22:00–05:00". */
export function ruleText(rule: GeofenceRule): string {
  const when =
    rule.trigger === 'Dwell'
      ? `on staying longer than ${rule.dwellMinutes ?? 0} minutes`
      : rule.trigger === 'Enter'
        ? 'on entering'
        : 'on leaving';
  return rule.schedule === null ? when : `${when}, ${scheduleText(rule.schedule)}`;
}

function breachText(geofence: CompiledGeofence, rule: GeofenceRule): string {
  const what =
    rule.trigger === 'Enter'
      ? `Entered ${geofence.name}`
      : rule.trigger === 'Exit'
        ? `Left ${geofence.name}`
        : `Stayed in ${geofence.name} longer than ${rule.dwellMinutes ?? 0} minutes`;
  return `${what} (rule: ${ruleText(rule)})`;
}

const inSchedule = (rule: GeofenceRule, at: Date) =>
  rule.schedule === null || scheduleWindowAt(rule.schedule, at) !== undefined;

/**
 * One fix of a vehicle against the geofences that may concern it: every geofence whose box holds
 * the fix and every one it was inside (to see it leave), each already matched to the vehicle's
 * scope. Gives the presence after the fix, the rules broken, and whether the presence changed (so
 * the caller writes it only then). Fixes must come in time order, each once: the caller drops a
 * late or repeated one before it gets here.
 */
export function geofenceStep(
  presence: GeofencePresence,
  geofences: Iterable<CompiledGeofence>,
  point: GeoPoint,
  at: Date,
): { presence: GeofencePresence; breaches: GeofenceRuleBreach[]; changed: boolean } {
  const next: GeofencePresence = { ...presence };
  const breaches: GeofenceRuleBreach[] = [];
  let changed = false;
  const seen = new Set<string>();
  for (const geofence of geofences) {
    const key = String(geofence.id);
    if (seen.has(key)) continue;
    seen.add(key);
    const stay = presence[key];
    const inside = geofence.contains(point);
    const broken = (trigger: GeofenceTrigger) =>
      geofence.rules.forEach((rule, ruleIndex) => {
        if (rule.trigger === trigger && inSchedule(rule, at)) {
          breaches.push({
            geofenceId: geofence.id,
            ruleIndex,
            trigger,
            priority: rule.priority,
            text: breachText(geofence, rule),
          });
        }
      });
    if (inside && stay === undefined) {
      next[key] = { since: at.toISOString() };
      changed = true;
      broken('Enter');
    } else if (!inside && stay !== undefined) {
      delete next[key];
      changed = true;
      broken('Exit');
    } else if (inside && stay !== undefined) {
      const stayedMinutes = (at.getTime() - Date.parse(stay.since)) / 60_000;
      const dwelt = stay.dwelt ?? [];
      const due = geofence.rules.flatMap((rule, ruleIndex) =>
        rule.trigger === 'Dwell' &&
        !dwelt.includes(ruleIndex) &&
        stayedMinutes > (rule.dwellMinutes ?? 0) &&
        inSchedule(rule, at)
          ? [ruleIndex]
          : [],
      );
      if (due.length > 0) {
        next[key] = { since: stay.since, dwelt: [...dwelt, ...due] };
        changed = true;
        for (const ruleIndex of due) {
          const rule = geofence.rules[ruleIndex]!;
          breaches.push({
            geofenceId: geofence.id,
            ruleIndex,
            trigger: 'Dwell',
            priority: rule.priority,
            text: breachText(geofence, rule),
          });
        }
      }
    }
  }
  // A geofence deleted (or no longer in the vehicle's scope) since the vehicle entered it is forgotten.
  for (const key of Object.keys(presence)) {
    if (!seen.has(key)) {
      delete next[key];
      changed = true;
    }
  }
  return { presence: next, breaches, changed };
}

/** A stored fix, as replay keeps them. */
export interface StoredFix {
  at: string;
  latitudeDegrees: number;
  longitudeDegrees: number;
}

/**
 * 'Try on the last 7 days': the rules of one geofence run over a vehicle's stored fixes in time
 * order, as ingestion would have run them. The first fix only says where the vehicle stood (inside
 * or not), so a vehicle parked inside at the start is no entry.
 */
export function previewGeofenceOnTrack(
  geofence: CompiledGeofence,
  fixes: readonly StoredFix[],
): (GeofenceRuleBreach & { at: string })[] {
  const ordered = [...fixes].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const found: (GeofenceRuleBreach & { at: string })[] = [];
  let presence: GeofencePresence = {};
  ordered.forEach((fix, index) => {
    const at = new Date(fix.at);
    const step = geofenceStep(presence, [geofence], fix, at);
    presence = step.presence;
    if (index > 0) for (const breach of step.breaches) found.push({ ...breach, at: at.toISOString() });
  });
  return found;
}
