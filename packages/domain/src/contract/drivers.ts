import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';

/** A driver of a vehicle, as a vehicle carries them in `drivers`. */
export const DriverSchema = Type.Object(
  {
    id: Type.Integer(),
    vehicleId: Type.Integer(),
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
    phoneCode: Type.String(),
    phoneNumber: Type.String(),
    idNumber: Type.String(),
    idNumberIsSouthAfrican: Type.Boolean(),
  },
  { $id: 'Driver' },
);
export type Driver = Static<typeof DriverSchema>;
