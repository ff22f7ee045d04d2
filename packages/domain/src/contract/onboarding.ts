import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ONBOARDING_STATUS, VEHICLE_SEARCH_RESULT_COUNT } from '../onboarding-rules';
import { Literals, Nullable, ref } from './common';
import { MAX_LENGTH } from '../limits';

/** Where a vehicle is in onboarding (ONBOARDING_STATUS); a vehicle out of onboarding has none (null). */
export const OnboardingStatusSchema = Literals(Object.values(ONBOARDING_STATUS));

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
  SearchPhrase: Type.String({
    maxLength: MAX_LENGTH.text,
    description: 'Matched case-insensitively on make, variant and makeVariant.',
  }),
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
  colour: Type.String({ maxLength: MAX_LENGTH.shortText }),
  registrationNumber: Type.String({ maxLength: MAX_LENGTH.shortText }),
  vinNumber: Type.Optional(Type.Union([Type.String({ maxLength: MAX_LENGTH.shortText }), Type.Null()])),
  engineNumber: Type.Optional(Type.Union([Type.String({ maxLength: MAX_LENGTH.shortText }), Type.Null()])),
  vehicle: Type.String({ maxLength: MAX_LENGTH.text, description: "The chosen type's text." }),
  registrationYear: Type.String({
    maxLength: MAX_LENGTH.shortText,
    description: "A year, or 'Older than 1999'.",
  }),
  userId: Type.Integer({ minimum: 1 }),
  vehicleTypeId: Type.Integer(),
});
export type CreateVehicleRequest = Static<typeof CreateVehicleRequestSchema>;

/** POST /Vehicles answer. */
export const NewVehicleSchema = Type.Object({ id: Type.Integer() }, { $id: 'NewVehicle' });
export type NewVehicle = Static<typeof NewVehicleSchema>;

/** POST /Drivers body: the driver fields plus the vehicle they drive. */
export const CreateDriverRequestSchema = Type.Object({
  FirstName: Type.String({ maxLength: MAX_LENGTH.name }),
  LastName: Type.String({ maxLength: MAX_LENGTH.name }),
  Email: Type.String({ maxLength: MAX_LENGTH.email }),
  PhoneCode: Type.Optional(Type.String({ maxLength: MAX_LENGTH.phoneCode, description: '@default 27' })),
  PhoneNumber: Type.String({ maxLength: MAX_LENGTH.phoneNumber }),
  IdNumber: Type.String({ maxLength: MAX_LENGTH.idNumber }),
  IdNumberIsSouthAfrican: Type.Optional(Type.Boolean({ default: true })),
  acceptedTermsAndConditionsAndPolicy: Type.Optional(Type.Boolean({ default: true })),
  acceptedToAllowInformationToBeUsedToContact: Type.Optional(Type.Boolean({ default: true })),
  vehicleId: Type.Integer({ minimum: 1 }),
});
export type CreateDriverRequest = Static<typeof CreateDriverRequestSchema>;

/** A region of fitment centres. */
export const RegionSchema = Type.Object(
  { id: Type.Integer(), name: Type.String(), active: Type.Boolean() },
  { $id: 'Region' },
);
export type Region = Static<typeof RegionSchema>;

/** GET /Regions answer. */
export const RegionListSchema = Type.Object({ items: Type.Array(ref(RegionSchema)) });

/** A fitment centre where devices are installed. */
export const FitmentCenterSchema = Type.Object(
  {
    id: Type.Integer(),
    active: Type.Boolean(),
    area: Type.String(),
    name: Type.String(),
    regionId: Type.Integer(),
    regionName: Type.String(),
  },
  { $id: 'FitmentCenter' },
);
export type FitmentCenter = Static<typeof FitmentCenterSchema>;

/** GET /FitmentCenters answer. */
export const FitmentCenterListSchema = Type.Object({ items: Type.Array(ref(FitmentCenterSchema)) });

/** GET /FitmentCenters/{id}/Availability query. */
export const AvailabilityQuerySchema = Type.Object({
  from: Type.Optional(
    Type.String({ format: 'date', description: "First day, 'YYYY-MM-DD' UTC; @default today" }),
  ),
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 60, description: '@default 14' })),
});
export type AvailabilityQuery = Static<typeof AvailabilityQuerySchema>;

/** One dated installation slot of a centre and how many places it has left. */
export const AvailabilitySlotSchema = Type.Object(
  {
    fitmentCenterId: Type.Integer(),
    /** The instant a booking of this slot names. */
    installationUtcDateTime: Type.String({ maxLength: MAX_LENGTH.dateTime }),
    utcDate: Type.String({ description: "'YYYY-MM-DD'" }),
    utcTimeStart: Type.String({ description: "'HH:MM'" }),
    utcTimeEnd: Type.String({ description: "'HH:MM'" }),
    capacity: Type.Integer(),
    available: Type.Integer({ description: 'Places left.' }),
  },
  { $id: 'AvailabilitySlot' },
);
export type AvailabilitySlot = Static<typeof AvailabilitySlotSchema>;

/** GET /FitmentCenters/{id}/Availability answer, in time order. */
export const AvailabilityListSchema = Type.Object({ items: Type.Array(ref(AvailabilitySlotSchema)) });

/** POST /InstallationBookings body. */
export const CreateInstallationBookingRequestSchema = Type.Object({
  vehicleId: Type.Integer({ minimum: 1 }),
  fitmentCenterId: Type.Integer(),
  installationUtcDateTime: Type.String({ maxLength: MAX_LENGTH.dateTime }),
  /** An installation done before the booking was recorded: it may lie in the past and holds no place. */
  onboardingExistingClient: Type.Optional(Type.Boolean({ default: false })),
});
export type CreateInstallationBookingRequest = Static<typeof CreateInstallationBookingRequestSchema>;

/** PUT /InstallationBookings/{id} body: a new centre or time, or active false to cancel. */
export const UpdateInstallationBookingRequestSchema = Type.Object({
  fitmentCenterId: Type.Integer(),
  installationUtcDateTime: Type.String({ maxLength: MAX_LENGTH.dateTime }),
  active: Type.Boolean(),
});
export type UpdateInstallationBookingRequest = Static<typeof UpdateInstallationBookingRequestSchema>;

/** An installation booking. */
export const InstallationBookingSchema = Type.Object(
  {
    id: Type.Integer(),
    vehicleId: Type.Integer(),
    fitmentCenterId: Type.Integer(),
    installationUtcDateTime: Type.String({ maxLength: MAX_LENGTH.dateTime }),
    active: Type.Boolean(),
    onboardingExistingClient: Type.Boolean(),
  },
  { $id: 'InstallationBooking' },
);
export type InstallationBooking = Static<typeof InstallationBookingSchema>;

/** POST /Vehicles/{id}/LinkDeviceFree body: links a free device; the installation is then complete. */
export const LinkDeviceFreeRequestSchema = Type.Object({
  deviceSerialNumber: Type.String({ maxLength: MAX_LENGTH.shortText }),
  vehicleNickname: Type.Optional(Type.Union([Type.String({ maxLength: MAX_LENGTH.shortText }), Type.Null()])),
});
export type LinkDeviceFreeRequest = Static<typeof LinkDeviceFreeRequestSchema>;

/** POST /Subscriptions and POST /My/Offline_Subscription body. */
export const CreateSubscriptionRequestSchema = Type.Object({
  subscriptionPlanId: Type.Integer(),
  vehicleId: Type.Integer({ minimum: 1 }),
  isOffline: Type.Boolean(),
  /** The agent asks for the deposit only; the rest follows by debit order. */
  initiallyPayDepositOnly: Type.Boolean(),
  installationBooking: Type.Optional(
    Type.Unknown({ description: 'The booking, as the screen holds it; not used.' }),
  ),
  createdByAgentOnBehalfOfUser: Type.Boolean(),
});
export type CreateSubscriptionRequest = Static<typeof CreateSubscriptionRequestSchema>;

/**
 * Where a subscription's deposit stands: waiting for the client's payment, paid, or none due (an
 * offline plan is paid outside the product); or Ended, by an Admin (POST /Vehicles/{id}/EndSubscription).
 */
export const SUBSCRIPTION_STATUSES = ['Deposit-Pending', 'Deposit-Paid', 'Offline', 'Ended'] as const;
export const SubscriptionStatusSchema = Literals(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A vehicle's subscription and where its deposit stands. */
export const SubscriptionSchema = Type.Object(
  {
    id: Type.Integer(),
    vehicleId: Type.Integer(),
    subscriptionPlanId: Type.Integer(),
    isOffline: Type.Boolean(),
    status: SubscriptionStatusSchema,
    depositAmountCents: Type.Integer(),
    /** The checkout link of the deposit, sent to the client by SMS and e-mail; null when offline or paid. */
    paymentUrl: Nullable(Type.String()),
  },
  { $id: 'Subscription' },
);
export type Subscription = Static<typeof SubscriptionSchema>;
