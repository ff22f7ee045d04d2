import {
  DriverSchema,
  NewVehicleSchema,
  VEHICLE_SEARCH_RESULT_COUNT,
  VehicleTypeSearchAnswerSchema,
} from '@sentinel/domain';
import type {
  CreateDriverRequest,
  CreateVehicleRequest,
  Driver,
  NewVehicle,
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
  };
}
