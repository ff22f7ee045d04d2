import { createRef } from 'react';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { SearchField } from './search-field';

function ClientSearch({
  initial = '',
  onValueChange = vi.fn(),
}: {
  initial?: string;
  onValueChange?: (value: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <SearchField
      label="Search clients"
      placeholder="Name"
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onValueChange(next);
      }}
    />
  );
}

describe('given an empty search field', () => {
  it('is a search box named by its label with no clear button', () => {
    render(<ClientSearch />);

    expect(screen.getByRole('searchbox', { name: 'Search clients' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear search clients' })).not.toBeInTheDocument();
  });

  it('reports the text as the person types', async () => {
    const onValueChange = vi.fn();
    render(<ClientSearch onValueChange={onValueChange} />);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'Thandi');

    expect(onValueChange).toHaveBeenLastCalledWith('Thandi');
    expect(screen.getByRole('searchbox', { name: 'Search clients' })).toHaveValue('Thandi');
  });

  it('has no accessibility violations', async () => {
    render(<ClientSearch />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a search field with text', () => {
  it('clears with the clear button and puts focus back in the box', async () => {
    const onValueChange = vi.fn();
    render(<ClientSearch initial="Nkosi" onValueChange={onValueChange} />);

    await userEvent.click(screen.getByRole('button', { name: 'Clear search clients' }));

    const input = screen.getByRole('searchbox', { name: 'Search clients' });
    expect(onValueChange).toHaveBeenCalledWith('');
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear search clients' })).not.toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    render(<ClientSearch initial="Nkosi" />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a hidden label', () => {
  it('still names the box', () => {
    render(<SearchField label="Search devices" hideLabel value="" onValueChange={vi.fn()} />);

    expect(screen.getByRole('searchbox', { name: 'Search devices' })).toBeInTheDocument();
  });
});

describe('given a ref and native props', () => {
  it('hands the input to the ref and passes the props through', () => {
    const ref = createRef<HTMLInputElement>();
    render(
      <SearchField
        ref={ref}
        label="Search clients"
        value=""
        onValueChange={vi.fn()}
        placeholder="Name"
        name="q"
      />,
    );

    const input = screen.getByRole('searchbox', { name: 'Search clients' });
    expect(ref.current).toBe(input);
    expect(input).toHaveAttribute('placeholder', 'Name');
    expect(input).toHaveAttribute('name', 'q');
  });
});
