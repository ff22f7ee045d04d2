import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { UserPicker } from './user-picker';
import type { UserPickerOption } from './user-picker';

const USERS: UserPickerOption[] = [
  { id: 1, firstName: 'Thandi', lastName: 'Nkosi' },
  { id: 2, firstName: 'Sipho', lastName: 'Dlamini' },
];

function Picker({
  onSearchChange = vi.fn(),
  totalCount,
}: {
  onSearchChange?: (text: string) => void;
  totalCount?: number;
}) {
  const [selected, setSelected] = useState<UserPickerOption | null>(null);
  return (
    <>
      <UserPicker
        users={USERS}
        totalCount={totalCount}
        selected={selected}
        onSelectedChange={setSelected}
        onSearchChange={onSearchChange}
      />
      <output>{selected === null ? 'none' : selected.id}</output>
    </>
  );
}

describe('given a user picker', () => {
  it("reads 'Select a user' until one is chosen", async () => {
    render(<Picker />);

    const input = screen.getByRole('combobox', { name: 'User' });
    expect(input).toHaveAttribute('placeholder', 'Select a user');
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('searches with what is typed and lists first and last names', async () => {
    const onSearchChange = vi.fn();
    render(<Picker onSearchChange={onSearchChange} />);

    await userEvent.type(screen.getByRole('combobox', { name: 'User' }), 'th');
    expect(onSearchChange).toHaveBeenLastCalledWith('th');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Thandi Nkosi',
      'Sipho Dlamini',
    ]);
  });

  it('chooses a user with the keyboard and shows their name', async () => {
    render(<Picker />);

    const input = screen.getByRole('combobox', { name: 'User' });
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('2');
    expect(input).toHaveValue('Sipho Dlamini');
  });

  it('says when more users match than are listed', async () => {
    render(<Picker totalCount={100000} />);

    await userEvent.type(screen.getByRole('combobox', { name: 'User' }), 's');
    expect(screen.getByText('Showing 2 of 100000; type more of the name to narrow the list')).toBeVisible();
  });
});
