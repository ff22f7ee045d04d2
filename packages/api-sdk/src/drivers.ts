import { DriverSchema } from '@sentinel/domain';
import type { ContactEditRequest, Driver } from '@sentinel/domain';
import type { Caller } from './caller';

export interface DriversApi {
  /** PUT /Drivers/{id}: changes the email and phone number, answers the driver. ApiError with `errors` on 400. */
  update(id: number, request: ContactEditRequest): Promise<Driver>;
}

export function createDriversApi(caller: Pick<Caller, 'callAuthorised'>): DriversApi {
  return {
    update: (id, { email, phoneNumber }) =>
      caller.callAuthorised(
        { method: 'put', path: `Drivers/${id}`, json: { email, phoneNumber } },
        DriverSchema,
      ),
  };
}
