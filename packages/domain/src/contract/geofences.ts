/*
 * Geofences: a named circle or polygon, the vehicles it watches (its scope) and the rules that
 * raise an alarm when one of them enters it, leaves it or stays in it too long. The form rules,
 * the geometry and the evaluation are in ../geofences.ts, shared by the api (at ingestion and in
 * the preview) and the editor.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ALARM_PRIORITIES } from '../alarms';
import { GEOFENCE_MAX_RULES, GEOFENCE_MAX_VERTICES, GEOFENCE_NAME_MAX_LENGTH } from '../geofences';
import { ArmingScheduleSchema } from './arming';
import { Literals, Nullable, PageSchema, ref } from './common';

/** A point on the map, in WGS 84 degrees. */
export const GeoPointSchema = Type.Object(
  {
    latitudeDegrees: Type.Number({ description: 'From -90 to 90.' }),
    longitudeDegrees: Type.Number({ description: 'From -180 to 180.' }),
  },
  { additionalProperties: false },
);
export type GeoPoint = Static<typeof GeoPointSchema>;

export const GEOFENCE_SHAPE_TYPES = ['Circle', 'Polygon'] as const;
export type GeofenceShapeType = (typeof GEOFENCE_SHAPE_TYPES)[number];

/**
 * A circle (centre and radius) or a polygon (its corners in order; the last joins the first). The
 * two kinds do not forbid undeclared fields: a validator that removes them (Fastify's ajv) would
 * strip a polygon's points while trying it as a circle. What a kind does not use is not stored.
 */
export const GeofenceShapeSchema = Type.Union([
  Type.Object(
    {
      type: Type.Literal('Circle'),
      centre: GeoPointSchema,
      radiusMetres: Type.Number({ description: 'Metres from the centre to the edge.' }),
    },
    { description: 'A circle.' },
  ),
  Type.Object(
    {
      type: Type.Literal('Polygon'),
      points: Type.Array(GeoPointSchema, {
        maxItems: GEOFENCE_MAX_VERTICES + 1,
        description: `3 to ${GEOFENCE_MAX_VERTICES} corners that do not cross; a last corner equal to the first is dropped.`,
      }),
    },
    { description: 'A polygon.' },
  ),
]);
export type GeofenceShape = Static<typeof GeofenceShapeSchema>;

/**
 * Which vehicles a geofence watches: one vehicle, one account holder's vehicles, one company's
 * vehicles, or every vehicle (an Admin's high-risk zones and border crossings).
 */
export const GEOFENCE_SCOPE_KINDS = ['Vehicle', 'AccountHolder', 'Company', 'Everyone'] as const;
export type GeofenceScopeKind = (typeof GEOFENCE_SCOPE_KINDS)[number];

export const GeofenceScopeSchema = Type.Object(
  {
    kind: Literals(GEOFENCE_SCOPE_KINDS),
    id: Nullable(Type.Integer({ minimum: 1 }), {
      description: "The vehicle's, account holder's or company's id; null for Everyone.",
    }),
  },
  { additionalProperties: false },
);
export type GeofenceScope = Static<typeof GeofenceScopeSchema>;

/** On entering, on leaving, or on staying inside longer than the rule's minutes. */
export const GEOFENCE_TRIGGERS = ['Enter', 'Exit', 'Dwell'] as const;
export type GeofenceTrigger = (typeof GEOFENCE_TRIGGERS)[number];

/** 1 is the most urgent (the alarm's priority). */
const Priority = Type.Union(ALARM_PRIORITIES.map((value) => Type.Literal(value)));

/** One rule of a geofence: when it fires, only inside its schedule when it has one, at a priority. */
export const GeofenceRuleSchema = Type.Object(
  {
    trigger: Literals(GEOFENCE_TRIGGERS),
    dwellMinutes: Nullable(
      Type.Integer({ description: 'Dwell only: the minutes inside that break the rule.' }),
    ),
    schedule: Nullable(ref(ArmingScheduleSchema), {
      description: 'The days and hours (Johannesburg time) the rule holds; null for always.',
    }),
    priority: Priority,
  },
  { $id: 'GeofenceRule', additionalProperties: false },
);
export type GeofenceRule = Static<typeof GeofenceRuleSchema>;

/** POST /Geofences and PUT /Geofences/{id} body; checked again with geofenceErrors. */
export const GeofenceInputSchema = Type.Object(
  {
    name: Type.String({ maxLength: GEOFENCE_NAME_MAX_LENGTH }),
    shape: GeofenceShapeSchema,
    scope: GeofenceScopeSchema,
    rules: Type.Array(ref(GeofenceRuleSchema), { maxItems: GEOFENCE_MAX_RULES }),
  },
  { additionalProperties: false },
);
export type GeofenceInput = Static<typeof GeofenceInputSchema>;

/** A stored geofence, as the list and the editor show it. */
export const GeofenceSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    shape: GeofenceShapeSchema,
    scope: GeofenceScopeSchema,
    /** What the scope reads as: a registration, a holder's name, a company's name, 'Everyone'. */
    scopeName: Type.String(),
    rules: Type.Array(ref(GeofenceRuleSchema)),
    createdAt: Type.String(),
    updatedAt: Type.String(),
  },
  { $id: 'Geofence' },
);
export type Geofence = Static<typeof GeofenceSchema>;

export const GeofencePageSchema = PageSchema(ref(GeofenceSchema));

/** GET /Geofences query: the geofences of one scope, or every one the caller may see. */
export const GeofenceListQuerySchema = Type.Object({
  scopeKind: Type.Optional(Literals(GEOFENCE_SCOPE_KINDS)),
  scopeId: Type.Optional(Type.Integer({ minimum: 1 })),
  $pagesize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  $pageindex: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
});
export type GeofenceListQuery = Static<typeof GeofenceListQuerySchema>;

/** One alarm a rule raised, or (in the preview) would have raised. */
export const GeofenceBreachSchema = Type.Object(
  {
    vehicleId: Type.Integer(),
    registrationNumber: Type.String(),
    at: Type.String(),
    trigger: Literals(GEOFENCE_TRIGGERS),
    priority: Priority,
    /** The alarm timeline's words, naming the geofence and the rule. */
    text: Type.String(),
  },
  { $id: 'GeofenceBreach' },
);
export type GeofenceBreach = Static<typeof GeofenceBreachSchema>;

/**
 * POST /Geofences/Preview answer: the breaches the geofence (saved or not) would have raised over
 * the stored fixes of the last 7 days of the vehicles in its scope.
 */
export const GeofencePreviewSchema = Type.Object(
  {
    from: Type.String(),
    to: Type.String(),
    vehicles: Type.Integer({ minimum: 0, description: 'Vehicles in scope with fixes in the period.' }),
    fixes: Type.Integer({ minimum: 0, description: 'Stored fixes the rules ran over.' }),
    breaches: Type.Array(ref(GeofenceBreachSchema)),
  },
  { $id: 'GeofencePreview' },
);
export type GeofencePreview = Static<typeof GeofencePreviewSchema>;
