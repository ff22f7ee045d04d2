import { useRef } from 'react';
import type { ClipboardEvent, KeyboardEvent } from 'react';
import { clsx } from 'clsx';
import { OTP_LENGTH, otpDigit, otpFromPaste } from '@sentinel/domain';
import { Alert } from '../alert';

export interface OtpInputProps {
  /** One entry per box: a digit or ''. Shorter arrays read as empty boxes. */
  value: readonly string[];
  /** Called with all six entries after each change. */
  onChange: (value: string[]) => void;
  /** Disables every box, e.g. while the code is being confirmed. @default false */
  disabled?: boolean | undefined;
  /** Messages shown below the boxes as alerts. */
  errors?: readonly string[] | undefined;
  /** The group's accessible name. @default 'One-time PIN' */
  label?: string | undefined;
  className?: string;
}

const entries = (value: readonly string[]) =>
  Array.from({ length: OTP_LENGTH }, (_, index) => value[index] ?? '');

/**
 * Six single-digit boxes: a digit moves focus to the next box, Backspace in an empty box moves back,
 * a pasted six-digit code fills them all, anything but a digit is ignored.
 */
export function OtpInput({
  value,
  onChange,
  disabled = false,
  errors = [],
  label = 'One-time PIN',
  className,
}: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const current = entries(value);
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))]?.focus();

  const type = (index: number, typed: string) => {
    const digit = otpDigit(typed);
    if (digit === undefined) return;
    const next = [...current];
    next[index] = digit;
    onChange(next);
    if (index < OTP_LENGTH - 1) focus(index + 1);
  };

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      // Handled here rather than by the browser: a caret before the digit would delete nothing.
      event.preventDefault();
      if (current[index] !== '') {
        const next = [...current];
        next[index] = '';
        onChange(next);
      } else if (index > 0) {
        focus(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      focus(index + 1);
    }
  };

  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const code = otpFromPaste(event.clipboardData.getData('text'));
    if (code === undefined) return;
    event.preventDefault();
    onChange(code);
    focus(OTP_LENGTH - 1);
  };

  return (
    <div className={clsx('sn-otp', className)}>
      <div role="group" aria-label={label} className="sn-otp__boxes">
        {current.map((digit, index) => (
          <input
            // The boxes never reorder: the index is their identity.
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            className="sn-otp__box"
            aria-label={`Digit ${String(index + 1)} of ${String(OTP_LENGTH)}`}
            aria-invalid={errors.length > 0 || undefined}
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            value={digit}
            disabled={disabled}
            onChange={(event) => {
              if (event.target.value === '') {
                const next = [...current];
                next[index] = '';
                onChange(next);
              } else {
                type(index, event.target.value);
              }
            }}
            onKeyDown={(event) => keyDown(index, event)}
            onPaste={paste}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
      {errors.map((message) => (
        <Alert key={message} variant="error" className="sn-otp__error">
          {message}
        </Alert>
      ))}
    </div>
  );
}
