import { createRef } from 'react';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, validateIdNumber } from '@sentinel/domain';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { IdNumberField } from './id-number-field';

function Form({ isSouthAfrican }: { isSouthAfrican: boolean }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <IdNumberField
      isSouthAfrican={isSouthAfrican}
      value={value}
      error={error}
      onValueChange={setValue}
      onBlur={() => setError(validateIdNumber(value, isSouthAfrican))}
    />
  );
}

describe('given a South African ID', () => {
  it("is labelled 'South African ID Number'", () => {
    render(<Form isSouthAfrican />);

    expect(screen.getByRole('textbox', { name: 'South African ID Number' })).toBeInTheDocument();
  });

  it('shows the ID rule message after an invalid number is left', async () => {
    render(<Form isSouthAfrican />);

    await userEvent.type(screen.getByRole('textbox', { name: 'South African ID Number' }), '9013015009087');
    await userEvent.tab();

    expect(screen.getByText(MESSAGES.idNumber)).toBeVisible();
  });

  it('has no accessibility violations', async () => {
    render(<Form isSouthAfrican />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given no South African ID', () => {
  it("is labelled 'Passport Number' and reports what is typed", async () => {
    const onValueChange = vi.fn();
    render(<IdNumberField isSouthAfrican={false} value="" onValueChange={onValueChange} />);

    await userEvent.type(screen.getByRole('textbox', { name: 'Passport Number' }), 'A');

    expect(onValueChange).toHaveBeenCalledWith('A');
  });

  it('has no accessibility violations', async () => {
    render(<Form isSouthAfrican={false} />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a read-only ID in an edit modal', () => {
  it('cannot be typed into', async () => {
    const onValueChange = vi.fn();
    render(<IdNumberField isSouthAfrican value="9001015009087" onValueChange={onValueChange} readOnly />);

    await userEvent.type(screen.getByRole('textbox', { name: 'South African ID Number' }), '1');

    expect(onValueChange).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'South African ID Number' })).toHaveValue('9001015009087');
  });
});

describe('given a ref and native props', () => {
  it('hands the input to the ref and passes the props through', () => {
    const ref = createRef<HTMLInputElement>();
    render(
      <IdNumberField ref={ref} isSouthAfrican value="" onValueChange={vi.fn()} name="idNumber" required />,
    );

    const input = screen.getByRole('textbox', { name: 'South African ID Number' });
    expect(ref.current).toBe(input);
    expect(input).toHaveAttribute('name', 'idNumber');
    expect(input).toBeRequired();
  });
});
