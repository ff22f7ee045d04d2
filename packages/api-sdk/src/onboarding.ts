import {
  AvailabilityListSchema,
  DeviceSchema,
  DriverSchema,
  FitmentCenterListSchema,
  InstallationBookingSchema,
  NewVehicleSchema,
  RegionListSchema,
  SubscriptionSchema,
  VEHICLE_SEARCH_RESULT_COUNT,
  VehicleTypeSearchAnswerSchema,
} from '@sentinel/domain';
import type {
  AvailabilityQuery,
  AvailabilitySlot,
  CreateDriverRequest,
  CreateInstallationBookingRequest,
  CreateSubscriptionRequest,
  CreateVehicleRequest,
  Device,
  Driver,
  FitmentCenter,
  InstallationBooking,
  LinkDeviceFreeRequest,
  NewVehicle,
  Region,
  Subscription,
  UpdateInstallationBookingRequest,
  VehicleType,
} from '@sentinel/domain';
import type { Caller } from './caller';

export interface OnboardingApi {
  /**
   * GET /VehicleTypes/Search: makes and variants holding the phrase, best matches first.
   * @param resultCount at most this many, 1 to 50. @default 50
   */
  searchVehicleTypes(searchPhrase: string, resultCount?: number): Promise<VehicleType[]>;
  /** POST /Vehicles: adds a client's vehicle, answers its id. ApiError with `errors` on 400. */
  createVehicle(request: CreateVehicleRequest): Promise<NewVehicle>;
  /** POST /Drivers: adds the vehicle's driver, answers the driver. ApiError with `errors` on 400. */
  createDriver(request: CreateDriverRequest): Promise<Driver>;
  /** GET /Regions: every region (the screens use the active ones). */
  regions(): Promise<Region[]>;
  /** GET /FitmentCenters: every centre with its region (the screens use the active ones). */
  fitmentCenters(): Promise<FitmentCenter[]>;
  /** GET /FitmentCenters/{id}/Availability: the centre's dated slots and places left, in time order. */
  availability(fitmentCenterId: number, query?: AvailabilityQuery): Promise<AvailabilitySlot[]>;
  /** POST /InstallationBookings: books the installation; ApiError with `errors` for a full slot. */
  createBooking(request: CreateInstallationBookingRequest): Promise<InstallationBooking>;
  /** PUT /InstallationBookings/{id}: reschedules, or cancels with active false. */
  updateBooking(id: number, request: UpdateInstallationBookingRequest): Promise<InstallationBooking>;
  /** POST /Vehicles/{id}/LinkDeviceFree: links a free device, completing the installation. */
  linkDeviceFree(vehicleId: number, request: LinkDeviceFreeRequest): Promise<Device>;
  /** POST /Subscriptions: subscribes to an online plan; the owner is sent the deposit link. */
  subscribe(request: CreateSubscriptionRequest): Promise<Subscription>;
  /** POST /My/Offline_Subscription: subscribes to an offline plan (no link). */
  subscribeOffline(request: CreateSubscriptionRequest): Promise<Subscription>;
  /** POST /Subscriptions/{id}/FirstPaymentRetry: sends a fresh deposit link. */
  retryFirstPayment(subscriptionId: number): Promise<Subscription>;
}

export function createOnboardingApi(caller: Pick<Caller, 'callAuthorised'>): OnboardingApi {
  return {
    searchVehicleTypes: (searchPhrase, resultCount = VEHICLE_SEARCH_RESULT_COUNT) =>
      caller.callAuthorised(
        {
          method: 'get',
          path: 'VehicleTypes/Search',
          searchParams: { SearchPhrase: searchPhrase, ResultCount: String(resultCount) },
        },
        VehicleTypeSearchAnswerSchema,
      ),
    createVehicle: (request) =>
      caller.callAuthorised({ method: 'post', path: 'Vehicles', json: request }, NewVehicleSchema),
    createDriver: (request) =>
      caller.callAuthorised({ method: 'post', path: 'Drivers', json: request }, DriverSchema),
    regions: async () =>
      (await caller.callAuthorised({ method: 'get', path: 'Regions' }, RegionListSchema)).items,
    fitmentCenters: async () =>
      (await caller.callAuthorised({ method: 'get', path: 'FitmentCenters' }, FitmentCenterListSchema)).items,
    availability: async (fitmentCenterId, query = {}) =>
      (
        await caller.callAuthorised(
          {
            method: 'get',
            path: `FitmentCenters/${fitmentCenterId}/Availability`,
            searchParams: { from: query.from, days: query.days },
          },
          AvailabilityListSchema,
        )
      ).items,
    createBooking: (request) =>
      caller.callAuthorised(
        { method: 'post', path: 'InstallationBookings', json: request },
        InstallationBookingSchema,
      ),
    updateBooking: (id, request) =>
      caller.callAuthorised(
        { method: 'put', path: `InstallationBookings/${id}`, json: request },
        InstallationBookingSchema,
      ),
    linkDeviceFree: (vehicleId, request) =>
      caller.callAuthorised(
        { method: 'post', path: `Vehicles/${vehicleId}/LinkDeviceFree`, json: request },
        DeviceSchema,
      ),
    subscribe: (request) =>
      caller.callAuthorised({ method: 'post', path: 'Subscriptions', json: request }, SubscriptionSchema),
    subscribeOffline: (request) =>
      caller.callAuthorised(
        { method: 'post', path: 'My/Offline_Subscription', json: request },
        SubscriptionSchema,
      ),
    retryFirstPayment: (subscriptionId) =>
      caller.callAuthorised(
        { method: 'post', path: `Subscriptions/${subscriptionId}/FirstPaymentRetry` },
        SubscriptionSchema,
      ),
  };
}
