import { createRef } from 'react';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, validatePhoneNumber } from '@sentinel/domain';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { PhoneField } from './phone-field';

function Form({ onValueChange = vi.fn() }: { onValueChange?: (value: string) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <PhoneField
      value={value}
      hint="Required format: 0821234567"
      error={error}
      onBlur={() => setError(validatePhoneNumber(value))}
      onValueChange={(next) => {
        setValue(next);
        onValueChange(next);
      }}
    />
  );
}

describe('given a cellphone field', () => {
  it("is labelled 'Cellphone number' with the +27 prefix and the hint", () => {
    render(<Form />);

    const input = screen.getByRole('textbox', { name: 'Cellphone number' });
    expect(screen.getByText('+27')).toBeVisible();
    expect(input).toHaveAccessibleDescription('+27 Required format: 0821234567');
  });

  it('keeps digits only while typing', async () => {
    const onValueChange = vi.fn();
    render(<Form onValueChange={onValueChange} />);

    await userEvent.type(screen.getByRole('textbox', { name: 'Cellphone number' }), '082-12a3 4567');

    expect(screen.getByRole('textbox', { name: 'Cellphone number' })).toHaveValue('0821234567');
    expect(onValueChange).toHaveBeenLastCalledWith('0821234567');
  });

  it('shows the form error after blur', async () => {
    render(<Form />);

    await userEvent.type(screen.getByRole('textbox', { name: 'Cellphone number' }), '08212');
    await userEvent.tab();

    expect(screen.getByText(MESSAGES.phoneNumber)).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Cellphone number' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('takes another label', () => {
    render(<PhoneField label="Driver cellphone" value="" onValueChange={vi.fn()} />);

    expect(screen.getByRole('textbox', { name: 'Driver cellphone' })).toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    render(<Form />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a ref and native props', () => {
  it('hands the input to the ref and passes the props through', () => {
    const ref = createRef<HTMLInputElement>();
    render(<PhoneField ref={ref} value="" onValueChange={vi.fn()} name="phone" required />);

    const input = screen.getByRole('textbox', { name: 'Cellphone number' });
    expect(ref.current).toBe(input);
    expect(input).toHaveAttribute('name', 'phone');
    expect(input).toBeRequired();
  });
});
