import type { MessageAnswer, UpdatePasswordRequest } from '@sentinel/domain';
import type { Caller } from './caller';

/** The signed-in user's own account. */
export interface MyApi {
  /** POST /My/UpdatePassword: changes the signed-in user's password. Throws ApiError with `errors` on 400. */
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
