/*
 * The editor's form as typed (strings, so nothing a person enters is lost or rewritten) and its
 * reading into the contract's GeofenceInput with the domain's field errors (geofenceErrors), so the
 * form checks exactly what the api checks.
 */
import { GEOFENCE_MESSAGES, geofenceErrors, parseCoordinates, WEEKDAYS } from '@sentinel/domain';
import type {
  AlarmPriority,
  FieldErrors,
  GeofenceInput,
  GeofenceRule,
  GeofenceScopeKind,
  GeofenceShape,
  GeofenceShapeType,
  GeofenceTrigger,
  Weekday,
} from '@sentinel/domain';
import { DEFAULT_ARMING_HOURS } from '../arming-schedule-dialog/arming-schedule-dialog';

/** One rule as typed. */
export interface RuleDraft {
  trigger: GeofenceTrigger;
  /** Dwell only. */
  minutes: string;
  /** Whether the rule holds only on its days and hours. */
  scheduled: boolean;
  days: readonly Weekday[];
  from: string;
  to: string;
  priority: AlarmPriority;
}

/** The whole form as typed. */
export interface GeofenceDraft {
  name: string;
  shapeType: GeofenceShapeType;
  latitude: string;
  longitude: string;
  radius: string;
  /** The polygon's corners as pasted: one "latitude, longitude" a line. */
  corners: string;
  scopeKind: GeofenceScopeKind | '';
  /** The chosen vehicle, account holder or company; null until one is picked. */
  scopeId: number | null;
  /** The target field's text: what is typed, or the chosen target's name. */
  scopeText: string;
  rules: readonly RuleDraft[];
}

/** A new rule: on entering, always, at medium priority. */
export const NEW_RULE: RuleDraft = {
  trigger: 'Enter',
  minutes: '',
  scheduled: false,
  days: [],
  from: DEFAULT_ARMING_HOURS.from,
  to: DEFAULT_ARMING_HOURS.to,
  priority: 2,
};

/** The form of a new geofence: a circle, the first of the scope kinds offered, one rule. */
export function newDraft(scopeKind: GeofenceScopeKind | ''): GeofenceDraft {
  return {
    name: '',
    shapeType: 'Circle',
    latitude: '',
    longitude: '',
    radius: '',
    corners: '',
    scopeKind,
    scopeId: null,
    scopeText: '',
    rules: [NEW_RULE],
  };
}

/** The form filled from a stored geofence (or one prefilled by the app). */
export function draftOf(geofence: GeofenceInput, scopeName: string): GeofenceDraft {
  const { shape, scope } = geofence;
  return {
    name: geofence.name,
    shapeType: shape.type,
    latitude: shape.type === 'Circle' ? String(shape.centre.latitudeDegrees) : '',
    longitude: shape.type === 'Circle' ? String(shape.centre.longitudeDegrees) : '',
    radius: shape.type === 'Circle' ? String(shape.radiusMetres) : '',
    corners:
      shape.type === 'Polygon'
        ? shape.points.map((point) => `${point.latitudeDegrees}, ${point.longitudeDegrees}`).join('\n')
        : '',
    scopeKind: scope.kind,
    scopeId: scope.id,
    scopeText: scope.kind === 'Everyone' ? '' : scopeName,
    rules: geofence.rules.map((rule) => ({
      trigger: rule.trigger,
      minutes: rule.dwellMinutes === null ? '' : String(rule.dwellMinutes),
      scheduled: rule.schedule !== null,
      days: rule.schedule?.days ?? [],
      from: rule.schedule?.from ?? DEFAULT_ARMING_HOURS.from,
      to: rule.schedule?.to ?? DEFAULT_ARMING_HOURS.to,
      priority: rule.priority,
    })),
  };
}

/** A typed number; an empty field is no number (NaN), which the domain's rules refuse. */
export const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

function shapeOf(draft: GeofenceDraft): { shape: GeofenceShape; unreadable: boolean } {
  if (draft.shapeType === 'Circle') {
    return {
      shape: {
        type: 'Circle',
        centre: { latitudeDegrees: numberOf(draft.latitude), longitudeDegrees: numberOf(draft.longitude) },
        radiusMetres: numberOf(draft.radius),
      },
      unreadable: false,
    };
  }
  // Nothing pasted yet is too few corners; text that is no list of corners says how to paste them.
  if (draft.corners.trim() === '') return { shape: { type: 'Polygon', points: [] }, unreadable: false };
  const points = parseCoordinates(draft.corners);
  return { shape: { type: 'Polygon', points: points ?? [] }, unreadable: points === undefined };
}

function ruleOf(rule: RuleDraft): GeofenceRule {
  return {
    trigger: rule.trigger,
    dwellMinutes:
      rule.trigger === 'Dwell' ? (rule.minutes.trim() === '' ? null : numberOf(rule.minutes)) : null,
    schedule: rule.scheduled
      ? {
          days: WEEKDAYS.filter((day) => rule.days.includes(day)),
          from: rule.from.trim(),
          to: rule.to.trim(),
        }
      : null,
    priority: rule.priority,
  };
}

/**
 * The geofence the form describes and its field errors (Name, Radius, Centre, Points, Scope, Rules,
 * `Rules[i].DwellMinutes|Days|From|To`); the input only when there are none, ready to send.
 */
export function readDraft(draft: GeofenceDraft): { input: GeofenceInput | undefined; errors: FieldErrors } {
  const { shape, unreadable } = shapeOf(draft);
  const scope =
    draft.scopeKind === ''
      ? undefined
      : { kind: draft.scopeKind, id: draft.scopeKind === 'Everyone' ? null : draft.scopeId };
  const rules = draft.rules.map(ruleOf);
  const errors: FieldErrors = { ...geofenceErrors({ name: draft.name, shape, scope, rules }) };
  if (unreadable) errors['Points'] = [GEOFENCE_MESSAGES.coordinatesUnreadable];
  if (Object.keys(errors).length > 0 || scope === undefined) return { input: undefined, errors };
  return { input: { name: draft.name.trim(), shape, scope, rules }, errors };
}

/** The form's error keys for rule `index`. */
export const ruleKeys = (index: number) =>
  ['DwellMinutes', 'Days', 'From', 'To'].map((field) => `Rules[${index}].${field}`);

/** Every error key the form shows at a field, for a form of `ruleCount` rules. */
export function formKeys(ruleCount: number): string[] {
  return [
    'Name',
    'Radius',
    'Centre',
    'Points',
    'Scope',
    'Rules',
    ...Array.from({ length: ruleCount }, (_, index) => ruleKeys(index)).flat(),
  ];
}

/**
 * The field errors a rejection carries at the form's fields: an error with `errors` as the api's
 * validation answer has them (ApiError of @sentinel/api-sdk does), read by shape since the kit never
 * imports the SDK; names are matched without regard to case, as the server binds them.
 */
export function serverErrors(error: unknown, ruleCount: number): FieldErrors {
  if (typeof error !== 'object' || error === null || !('errors' in error)) return {};
  const { errors } = error as { errors: unknown };
  if (typeof errors !== 'object' || errors === null) return {};
  const found: FieldErrors = {};
  const keys = formKeys(ruleCount);
  for (const [name, list] of Object.entries(errors as Record<string, unknown>)) {
    const key = keys.find((known) => known.toLowerCase() === name.toLowerCase());
    if (key !== undefined && Array.isArray(list) && typeof list[0] === 'string') found[key] = [list[0]];
  }
  return found;
}
