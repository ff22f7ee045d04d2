/*
 * Panic: the customer presses panic in the mobile app. The api opens a top-priority Panic alarm
 * on their vehicle (or joins the one already open), with the phone's position in its timeline.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { FieldErrors } from '../messages';

/** POST /My/Panic body. */
export const PanicRequestSchema = Type.Object({
  vehicleId: Type.Optional(
    Type.Integer({
      minimum: 1,
      description: "The holder's vehicle; may be left out when the holder has exactly one.",
    }),
  ),
  latitude: Type.Optional(Type.Number({ description: "The phone's position, WGS 84 degrees." })),
  longitude: Type.Optional(Type.Number()),
  accuracyMetres: Type.Optional(Type.Number({ minimum: 0, description: "The fix's accuracy radius." })),
});
export type PanicRequest = Static<typeof PanicRequestSchema>;

/** What POST /My/Panic answers: the alarm the control room now sees. */
export const PanicAnswerSchema = Type.Object(
  {
    alarmId: Type.Integer(),
    vehicleId: Type.Integer(),
    registrationNumber: Type.String(),
    opened: Type.Boolean({
      description: 'False when a Panic alarm of the vehicle was already open: it was joined.',
    }),
  },
  { $id: 'PanicAnswer' },
);
export type PanicAnswer = Static<typeof PanicAnswerSchema>;

export const PANIC_MESSAGES = {
  chooseVehicle: 'Choose the vehicle you are in.',
  noVehicle: 'You have no vehicle with us to raise the alarm on.',
  positionIncomplete: 'Send both the latitude and the longitude, or neither.',
  latitude: 'Latitude is from -90 to 90 degrees.',
  longitude: 'Longitude is from -180 to 180 degrees.',
} as const;

/** The field errors of a panic's position (Latitude, Longitude); undefined when it may be used. */
export function panicPositionErrors(
  request: Pick<PanicRequest, 'latitude' | 'longitude'>,
): FieldErrors | undefined {
  const { latitude, longitude } = request;
  if (latitude === undefined && longitude === undefined) return undefined;
  if (latitude === undefined || longitude === undefined) {
    return { [latitude === undefined ? 'Latitude' : 'Longitude']: [PANIC_MESSAGES.positionIncomplete] };
  }
  const errors: FieldErrors = {};
  if (!(latitude >= -90 && latitude <= 90)) errors['Latitude'] = [PANIC_MESSAGES.latitude];
  if (!(longitude >= -180 && longitude <= 180)) errors['Longitude'] = [PANIC_MESSAGES.longitude];
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/** The timeline's words: "Pressed in the app at -26.107120, 28.056800 (±15 m)". */
export function panicText(request: Pick<PanicRequest, 'latitude' | 'longitude' | 'accuracyMetres'>): string {
  if (request.latitude === undefined || request.longitude === undefined) {
    return 'Pressed in the app; the phone sent no position';
  }
  const accuracy = request.accuracyMetres === undefined ? '' : ` (±${Math.round(request.accuracyMetres)} m)`;
  return `Pressed in the app at ${request.latitude.toFixed(6)}, ${request.longitude.toFixed(6)}${accuracy}`;
}
