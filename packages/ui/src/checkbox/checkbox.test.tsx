import { createRef } from 'react';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { Checkbox } from './checkbox';

function Consent({ onCheckedChange = vi.fn() }: { onCheckedChange?: (checked: boolean) => void }) {
  const [checked, setChecked] = useState(false);
  return (
    <Checkbox
      label="I accept the terms and conditions"
      checked={checked}
      onCheckedChange={(next) => {
        setChecked(next);
        onCheckedChange(next);
      }}
    />
  );
}

describe('given an unticked checkbox', () => {
  it('is named by its label and unticked', () => {
    render(<Consent />);

    expect(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' })).not.toBeChecked();
  });

  it('ticks when clicked and reports true', async () => {
    const onCheckedChange = vi.fn();
    render(<Consent onCheckedChange={onCheckedChange} />);

    await userEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));

    expect(onCheckedChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' })).toBeChecked();
  });

  it('ticks when its label is clicked', async () => {
    render(<Consent />);

    await userEvent.click(screen.getByText('I accept the terms and conditions'));

    expect(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' })).toBeChecked();
  });

  it('toggles with the space bar', async () => {
    const onCheckedChange = vi.fn();
    render(<Consent onCheckedChange={onCheckedChange} />);

    screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }).focus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard(' ');

    expect(onCheckedChange.mock.calls).toEqual([[true], [false]]);
  });

  it('has no accessibility violations', async () => {
    render(<Consent />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a disabled checkbox', () => {
  it('does not toggle', async () => {
    const onCheckedChange = vi.fn();
    render(<Checkbox label="Confirm" checked onCheckedChange={onCheckedChange} disabled />);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Confirm' }));

    expect(onCheckedChange).not.toHaveBeenCalled();
    expect(screen.getByRole('checkbox', { name: 'Confirm' })).toBeChecked();
  });
});

describe('given a ref and native props', () => {
  it('hands the checkbox button to the ref and passes the props through', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Checkbox
        ref={ref}
        label="Has a South African ID"
        checked
        onCheckedChange={vi.fn()}
        required
        data-field="sa-id"
      />,
    );

    const control = screen.getByRole('checkbox', { name: 'Has a South African ID' });
    expect(ref.current).toBe(control);
    expect(control).toHaveAttribute('data-field', 'sa-id');
    expect(control).toBeRequired();
  });
});
