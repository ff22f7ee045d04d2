import type { Caller } from './caller';
import type { ContactEditRequest } from './users';

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

export interface DriversApi {
  /** PUT /Drivers/{id}: changes the email and phone number, answers the driver. ApiError with `errors` on 400. */
  update(id: number, request: ContactEditRequest): Promise<Driver>;
}

export function createDriversApi(caller: Pick<Caller, 'callAuthorised'>): DriversApi {
  return {
    update: (id, { email, phoneNumber }) =>
      caller.callAuthorised({ method: 'put', path: `Drivers/${id}`, json: { email, phoneNumber } }),
  };
}
