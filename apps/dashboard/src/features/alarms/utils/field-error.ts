import { isApiError } from '@sentinel/api-sdk';
import type { FieldErrors } from '@sentinel/domain';

/** The first message for a field, from the domain's check or the server's answer (any case of its name). */
export function fieldError(errors: FieldErrors | undefined, field: string): string | undefined {
  const key = Object.keys(errors ?? {}).find((name) => name.toLowerCase() === field.toLowerCase());
  return key === undefined ? undefined : errors?.[key]?.[0];
}

/** The server's field errors of a refused call, or undefined when it named no field. */
export function serverFieldErrors(error: unknown): FieldErrors | undefined {
  return isApiError(error) && Object.keys(error.errors).length > 0 ? error.errors : undefined;
}
