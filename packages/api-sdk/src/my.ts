import type { MessageAnswer, UpdatePasswordRequest } from '@sentinel/domain';
import type { Caller } from './caller';

/** The signed-in user's own account. */
export interface MyApi {
  /**
   * POST /My/UpdatePassword: changes the signed-in user's password. Throws ApiError with `errors`
   * on 400, and with status 403 when the sign-in is more than a few minutes old (refreshing does
   * not renew it): sign in again with `auth.signInByEmail`, keep that sign-in, then call again.
   */
  updatePassword(request: UpdatePasswordRequest): Promise<MessageAnswer>;
}

export function createMyApi(caller: Pick<Caller, 'callAuthorised'>): MyApi {
  return {
    updatePassword: ({ password, passwordConfirmation }) =>
      caller.callAuthorised(
        { method: 'post', path: 'My/UpdatePassword', json: { password, passwordConfirmation } },
        'MessageAnswer',
      ),
  };
}
