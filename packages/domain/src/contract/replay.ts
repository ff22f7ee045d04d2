import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ListQuerySchema, Nullable } from './common';

/** How many fixes one page of GET /Vehicles/{id}/Replay/Fixes may hold. */
export const REPLAY_MAX_PAGE_SIZE = 5000;
/** A longer period is thinned on the server to about this many fixes, keeping turns and stops. */
export const REPLAY_MAX_POINTS = 3000;
/** The longest period one replay call covers. */
export const REPLAY_MAX_PERIOD_DAYS = 31;

const instant = (description: string) => Type.String({ description: `${description} ISO 8601 (UTC).` });

/** The period of a replay call: from (inclusive) to (exclusive). */
export const ReplayPeriodQuerySchema = Type.Object({
  from: instant('Start of the period, inclusive.'),
  to: instant(`End of the period, exclusive; at most ${REPLAY_MAX_PERIOD_DAYS} days after from.`),
});
export type ReplayPeriodQuery = Static<typeof ReplayPeriodQuerySchema>;

export const ReplayFixesQuerySchema = Type.Object({
  ...ReplayPeriodQuerySchema.properties,
  $pagesize: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: REPLAY_MAX_PAGE_SIZE,
      description: `@default ${REPLAY_MAX_PAGE_SIZE}`,
    }),
  ),
  // Bounded like every paged call's (MAX_PAGE_INDEX), so a huge index answers 400 before any query.
  $pageindex: ListQuerySchema.properties.$pageindex,
});
export type ReplayFixesQuery = Static<typeof ReplayFixesQuerySchema>;

/** One stored GPS fix of a vehicle, with the speed it was travelling at. */
export const ReplayFixSchema = Type.Object({
  at: instant('When the device took the fix.'),
  latitudeDegrees: Type.Number({ minimum: -90, maximum: 90 }),
  longitudeDegrees: Type.Number({ minimum: -180, maximum: 180 }),
  speedKmh: Type.Number({ minimum: 0, description: 'Average speed since the previous fix, km/h.' }),
});
export type ReplayFix = Static<typeof ReplayFixSchema>;

/** GET /Vehicles/{id}/Replay/Fixes: one page of the period's fixes, oldest first. */
export const ReplayFixPageSchema = Type.Object({
  items: Type.Array(ReplayFixSchema),
  totalCount: Type.Integer({ minimum: 0, description: 'How many fixes the (thinned) period holds.' }),
  pageIndex: Type.Integer({ minimum: 0 }),
  pageSize: Type.Integer({ minimum: 1 }),
  recordedCount: Type.Integer({ minimum: 0, description: 'How many fixes are stored for the period.' }),
  thinned: Type.Boolean({ description: 'True when the period held too many fixes and was thinned.' }),
});
export type ReplayFixPage = Static<typeof ReplayFixPageSchema>;

/** A stay: the vehicle stayed within the stop radius for at least the stop duration. */
export const StopSchema = Type.Object({
  startAt: instant('Arrival.'),
  endAt: instant('Departure (or the last fix of the period).'),
  latitudeDegrees: Type.Number(),
  longitudeDegrees: Type.Number(),
  durationSeconds: Type.Number({ minimum: 0 }),
});
export type Stop = Static<typeof StopSchema>;

/** A drive between two stops (or the period's edges). */
export const TripSchema = Type.Object({
  startAt: instant('Departure.'),
  endAt: instant('Arrival.'),
  startLatitudeDegrees: Type.Number(),
  startLongitudeDegrees: Type.Number(),
  endLatitudeDegrees: Type.Number(),
  endLongitudeDegrees: Type.Number(),
  distanceMetres: Type.Number({ minimum: 0 }),
  durationSeconds: Type.Number({ minimum: 0 }),
});
export type Trip = Static<typeof TripSchema>;

/** A lock, unlock or tamper entry of the vehicle's history, where it happened. */
export const ReplayEventSchema = Type.Object({
  id: Type.Integer(),
  at: instant('When it happened.'),
  type: Type.Union([Type.Literal('LockState'), Type.Literal('TamperAlert')]),
  isLocked: Nullable(Type.Boolean()),
  tamperCancelled: Nullable(Type.Boolean()),
  latitudeDegrees: Nullable(Type.Number()),
  longitudeDegrees: Nullable(Type.Number()),
});
export type ReplayEvent = Static<typeof ReplayEventSchema>;

/** GET /Vehicles/{id}/Replay/Trips: the period's trips, stops and lock, unlock and tamper entries. */
export const ReplayTripsSchema = Type.Object({
  trips: Type.Array(TripSchema),
  stops: Type.Array(StopSchema),
  events: Type.Array(ReplayEventSchema),
  stopRadiusMetres: Type.Number({ description: 'The stop radius the server used.' }),
  stopMinimumSeconds: Type.Number({ description: 'The shortest stay the server counts as a stop.' }),
});
export type ReplayTrips = Static<typeof ReplayTripsSchema>;
