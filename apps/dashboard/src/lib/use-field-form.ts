import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { FieldErrors } from '@sentinel/domain';
import { isApiError } from '@sentinel/api-sdk';

export interface FieldForm<F extends string> {
  values: Record<F, string>;
  /** The first message to show beside a field, if any. */
  error(field: F): string | undefined;
  setValue(field: F, value: string): void;
  /** Checks one field, as the spec asks on blur. */
  blur(field: F): void;
  /** A field's value, message and blur check, to spread onto its input. */
  bind(field: F): { value: string; error: string | undefined; onBlur: () => void };
  /** Checks every field; true when none has a message. */
  validateAll(): boolean;
  /** Drops the values' messages for these fields (e.g. the ID number when its kind changes). */
  clearErrors(...fields: F[]): void;
  /**
   * Places a failed call's field errors beside the matching fields (names compared case-insensitively,
   * as the server binds them) and answers whether any landed. Other failures are the caller's to log.
   */
  showServerErrors(error: unknown): boolean;
}

/**
 * The person forms' state: values, messages checked on blur with a domain rule, and server errors
 * by field. Values are never reset by an error, so nothing typed is lost. Shared by the add-agent,
 * account-holder and contact-edit forms, which live in different features.
 */
export function useFieldForm<F extends string>(
  initial: Record<F, string>,
  validate: (values: Record<F, string>) => FieldErrors,
): FieldForm<F> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  // The latest values for blur handlers that run right after a change in the same event loop turn.
  // A layout effect runs before the browser hands over the next event, so a blur sees the change.
  const latest = useRef(values);
  useLayoutEffect(() => {
    latest.current = values;
  });

  const [fields] = useState(() => Object.keys(initial) as F[]);

  const check = useCallback(
    (field: F, next: Record<F, string>) => {
      const message = validate(next)[field]?.[0];
      setErrors((current) => ({ ...current, [field]: message }));
    },
    [validate],
  );

  return {
    values,
    error: (field) => errors[field],
    setValue(field, value) {
      const next = { ...latest.current, [field]: value };
      latest.current = next;
      setValues(next);
      // Once a field shows a message, it follows the typing so a fixed value clears it.
      if (errors[field] !== undefined) check(field, next);
    },
    blur: (field) => check(field, latest.current),
    bind: (field) => ({
      value: values[field],
      error: errors[field],
      onBlur: () => check(field, latest.current),
    }),
    validateAll() {
      const all = validate(latest.current);
      setErrors(
        Object.fromEntries(fields.map((field) => [field, all[field]?.[0]])) as Partial<Record<F, string>>,
      );
      return fields.every((field) => all[field] === undefined);
    },
    clearErrors(...cleared) {
      setErrors((current) => ({
        ...current,
        ...Object.fromEntries(cleared.map((field) => [field, undefined])),
      }));
    },
    showServerErrors(error) {
      if (!isApiError(error)) return false;
      const placed: Partial<Record<F, string>> = {};
      for (const [key, messages] of Object.entries(error.errors)) {
        const field = fields.find((name) => name.toLowerCase() === key.toLowerCase());
        if (field !== undefined && messages[0] !== undefined) placed[field] = messages[0];
      }
      if (Object.keys(placed).length === 0) return false;
      setErrors((current) => ({ ...current, ...placed }));
      return true;
    },
  };
}
