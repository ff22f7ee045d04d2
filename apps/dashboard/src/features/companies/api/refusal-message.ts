import { isApiError } from '@sentinel/api-sdk';

/**
 * The sentence to show for a failed company action: the server's message (a refusal names its
 * reason), else its first field error, else a plain fallback. Nothing a person did fails silently.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    const firstFieldError = Object.values(error.errors)[0]?.[0];
    if (error.body?.message !== undefined && error.body.message !== '') return error.body.message;
    if (firstFieldError !== undefined) return firstFieldError;
    if (error.status === 403) return 'Your role does not allow this.';
  }
  return fallback;
}
