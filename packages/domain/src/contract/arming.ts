/*
 * Arming a vehicle: the schedule it arms itself on, and the answer of arming, disarming and
 * scheduling. The rules (the schedule's form checks, the hours it arms, what a report breaches) are
 * in ../arming.ts; the vehicle carries its arming state (see vehicles.ts).
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { WEEKDAYS } from '../arming';
import { Literals, Nullable, ref } from './common';

/**
 * The hours a vehicle arms itself, in Johannesburg time. PUT /Vehicles/{id}/ArmingSchedule body;
 * the api checks it again with armingScheduleErrors (field errors Days, From, To).
 */
export const ArmingScheduleSchema = Type.Object(
  {
    days: Type.Array(Literals(WEEKDAYS), {
      maxItems: 7,
      uniqueItems: true,
      description: 'The days a window starts on (a window past midnight ends the next morning).',
    }),
    from: Type.String({ maxLength: 5, description: 'Start, HH:MM (24-hour, Johannesburg time).' }),
    to: Type.String({
      maxLength: 5,
      description: 'End, HH:MM; at or before the start, the window ends the next day.',
    }),
  },
  { $id: 'ArmingSchedule', additionalProperties: false },
);
export type ArmingSchedule = Static<typeof ArmingScheduleSchema>;

/** A vehicle's arming as PUT /Vehicles/{id}/Arm, /Disarm and /ArmingSchedule answer it. */
export const ArmingStatusSchema = Type.Object(
  {
    vehicleId: Type.Integer(),
    armed: Type.Boolean({ description: 'Armed now, by hand or by its schedule.' }),
    armedSince: Nullable(Type.String({ description: 'When it was armed by hand; null when it is not.' })),
    armingSchedule: Nullable(ref(ArmingScheduleSchema)),
  },
  { $id: 'ArmingStatus' },
);
export type ArmingStatus = Static<typeof ArmingStatusSchema>;
