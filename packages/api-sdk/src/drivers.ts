import type { Caller } from './caller';

/** A driver of a vehicle, as GET /Vehicles carries them in `drivers`. */
export interface Driver {
  id: number;
  vehicleId: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneCode: string;
  phoneNumber: string;
  idNumber: string;
  idNumberIsSouthAfrican: boolean;
}

/** PUT /Drivers/{id}: the driver's fields; only email and phone number change from the dashboard. */
export type UpdateDriverRequest = Omit<Driver, 'id'>;

export interface DriversApi {
  /** PUT /Drivers/{id}. Throws ApiError with `errors` by field on 400. */
  update(id: number, request: UpdateDriverRequest): Promise<void>;
}

export function createDriversApi(caller: Pick<Caller, 'callAuthorised'>): DriversApi {
  return {
    async update(id, request) {
      await caller.callAuthorised({ method: 'put', path: `Drivers/${id}`, json: request });
    },
  };
}
