import { createRef } from 'react';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { Select } from './select';

const ROLES = [
  { value: 'Admin', label: 'Admin' },
  { value: 'Technical-Agent', label: 'Technical-Agent' },
  { value: 'Company-Admin', label: 'Company-Admin' },
];

function RoleSelect({ onValueChange = vi.fn() }: { onValueChange?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <Select
      label="Role"
      placeholder="Select a role"
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onValueChange(next);
      }}
      options={ROLES}
    />
  );
}

describe('given a select with nothing chosen', () => {
  it('is named by its visible label and shows the placeholder', () => {
    render(<RoleSelect />);

    const trigger = screen.getByRole('combobox', { name: 'Role' });
    expect(trigger).toHaveTextContent('Select a role');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('lists the options when opened and reports the chosen value', async () => {
    const onValueChange = vi.fn();
    render(<RoleSelect onValueChange={onValueChange} />);

    await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Admin',
      'Technical-Agent',
      'Company-Admin',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Technical-Agent' }));

    expect(onValueChange).toHaveBeenCalledWith('Technical-Agent');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('Technical-Agent');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('opens from the keyboard', async () => {
    render(<RoleSelect />);

    screen.getByRole('combobox', { name: 'Role' }).focus();
    await userEvent.keyboard('{Enter}');

    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    render(<RoleSelect />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a select with an error', () => {
  it('shows the error and marks the trigger invalid', () => {
    render(
      <Select label="Role" value="" onValueChange={vi.fn()} options={ROLES} error="This field is required" />,
    );

    const trigger = screen.getByRole('combobox', { name: 'Role' });
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger).toHaveAccessibleDescription('This field is required');
  });

  it('has no accessibility violations', async () => {
    render(
      <Select label="Role" value="" onValueChange={vi.fn()} options={ROLES} error="This field is required" />,
    );

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a disabled select', () => {
  it('cannot be opened', async () => {
    render(<Select label="Role" value="Admin" onValueChange={vi.fn()} options={ROLES} disabled />);

    const trigger = screen.getByRole('combobox', { name: 'Role' });
    expect(trigger).toBeDisabled();
    await userEvent.click(trigger);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});

describe('given a ref and native props', () => {
  it('hands the trigger to the ref and keeps both descriptions', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <>
        <p id="role-help">Agents see every client</p>
        <Select
          ref={ref}
          label="Role"
          value=""
          onValueChange={vi.fn()}
          options={[{ value: 'Admin', label: 'Admin' }]}
          error="Role is required"
          aria-describedby="role-help"
        />
      </>,
    );

    const trigger = screen.getByRole('combobox', { name: 'Role' });
    expect(ref.current).toBe(trigger);
    expect(trigger).toHaveAccessibleDescription('Agents see every client Role is required');
  });
});
