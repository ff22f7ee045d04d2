import { PanicAnswerSchema } from '@sentinel/domain';
import type { MessageAnswer, PanicAnswer, PanicRequest, UpdatePasswordRequest } from '@sentinel/domain';
import type { Caller } from './caller';

/** The signed-in user's own account. */
export interface MyApi {
  /**
   * POST /My/UpdatePassword: changes the signed-in user's password. Throws ApiError with `errors`
   * on 400, and with status 403 when the sign-in is more than a few minutes old (refreshing does
   * not renew it): sign in again with `auth.signInByEmail`, keep that sign-in, then call again.
   */
  updatePassword(request: UpdatePasswordRequest): Promise<MessageAnswer>;
  /**
   * POST /My/Panic (the mobile app's panic button; Account-Holder only): opens a High Panic alarm on
   * `vehicleId` (may be left out when the holder has one vehicle), with the phone's position when it has
   * one, and the control room sees it at once. Pressing again while it is open joins it (`opened: false`).
   * Throws ApiError with `errors` at VehicleId, Latitude or Longitude on 400, and 404 for a vehicle not theirs.
   */
  panic(request?: PanicRequest): Promise<PanicAnswer>;
}

export function createMyApi(caller: Pick<Caller, 'callAuthorised'>): MyApi {
  return {
    updatePassword: ({ password, passwordConfirmation }) =>
      caller.callAuthorised(
        { method: 'post', path: 'My/UpdatePassword', json: { password, passwordConfirmation } },
        'MessageAnswer',
      ),
    panic: (request = {}) =>
      caller.callAuthorised({ method: 'post', path: 'My/Panic', json: request }, PanicAnswerSchema),
  };
}
