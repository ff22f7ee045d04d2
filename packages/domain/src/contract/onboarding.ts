import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { VEHICLE_SEARCH_RESULT_COUNT } from '../onboarding-rules';
import { ref } from './common';

/** A make and model as GET /VehicleTypes/Search answers it. */
export const VehicleTypeSchema = Type.Object(
  {
    id: Type.Integer(),
    make: Type.String({ description: "e.g. 'Toyota'" }),
    variant: Type.String({ description: "e.g. 'Hilux 2.8 GD-6 Raider'" }),
    makeVariant: Type.String({ description: "make and variant, e.g. 'Toyota Hilux 2.8 GD-6 Raider'" }),
  },
  { $id: 'VehicleType' },
);
export type VehicleType = Static<typeof VehicleTypeSchema>;

/** GET /VehicleTypes/Search query. */
export const VehicleTypeSearchQuerySchema = Type.Object({
  SearchPhrase: Type.String({ description: 'Matched case-insensitively on make, variant and makeVariant.' }),
  ResultCount: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: VEHICLE_SEARCH_RESULT_COUNT,
      description: `@default ${VEHICLE_SEARCH_RESULT_COUNT}`,
    }),
  ),
});
export type VehicleTypeSearchQuery = Static<typeof VehicleTypeSearchQuerySchema>;

/** GET /VehicleTypes/Search answer: best matches first. */
export const VehicleTypeSearchAnswerSchema = Type.Array(ref(VehicleTypeSchema));

/** POST /Vehicles body (the spec's vehicle create payload). */
export const CreateVehicleRequestSchema = Type.Object({
  colour: Type.String(),
  registrationNumber: Type.String(),
  vinNumber: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  engineNumber: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  vehicle: Type.String({ description: "The chosen type's text." }),
  registrationYear: Type.String({ description: "A year, or 'Older than 1999'." }),
  userId: Type.Integer({ minimum: 1 }),
  vehicleTypeId: Type.Integer(),
});
export type CreateVehicleRequest = Static<typeof CreateVehicleRequestSchema>;

/** POST /Vehicles answer. */
export const NewVehicleSchema = Type.Object({ id: Type.Integer() }, { $id: 'NewVehicle' });
export type NewVehicle = Static<typeof NewVehicleSchema>;

/** POST /Drivers body: the driver fields plus the vehicle they drive. */
export const CreateDriverRequestSchema = Type.Object({
  FirstName: Type.String(),
  LastName: Type.String(),
  Email: Type.String(),
  PhoneCode: Type.Optional(Type.String({ description: '@default 27' })),
  PhoneNumber: Type.String(),
  IdNumber: Type.String(),
  IdNumberIsSouthAfrican: Type.Optional(Type.Boolean({ default: true })),
  acceptedTermsAndConditionsAndPolicy: Type.Optional(Type.Boolean({ default: true })),
  acceptedToAllowInformationToBeUsedToContact: Type.Optional(Type.Boolean({ default: true })),
  vehicleId: Type.Integer({ minimum: 1 }),
});
export type CreateDriverRequest = Static<typeof CreateDriverRequestSchema>;
