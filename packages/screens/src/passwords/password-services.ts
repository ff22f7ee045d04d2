import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '@sentinel/api-sdk';
import type { ApiClient } from '@sentinel/api-sdk';
import type { FieldErrors } from '@sentinel/domain';

/** The calls the password screens make; the app passes its client's groups in. */
export interface PasswordServices {
  auth: Pick<
    ApiClient['auth'],
    'startPasswordReset' | 'verifyPasswordReset' | 'completePasswordReset' | 'createPassword'
  >;
}

/** Query keys and options of the password screens (a reset link is checked once per token). */
export const passwordQueries = {
  all: ['passwords'] as const,
  resetLink: (auth: PasswordServices['auth'], token: string) =>
    queryOptions({
      queryKey: [...passwordQueries.all, 'reset-link', token] as const,
      queryFn: () => auth.verifyPasswordReset({ passwordResetToken: token }),
      // A refused link stays refused; the screen says so instead of asking again.
      retry: false,
      staleTime: Infinity,
    }),
};

/** The field errors of a refused call, keyed by field. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  return isApiError(error) ? (error.body?.errors ?? {}) : {};
}
