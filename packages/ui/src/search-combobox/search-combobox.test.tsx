import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { SearchCombobox } from './search-combobox';

interface Car {
  id: number;
  name: string;
}

const CARS: Car[] = [
  { id: 1, name: 'Toyota Hilux 2.8 GD-6 Legend' },
  { id: 2, name: 'Toyota Hilux 2.4 GD-6 SR' },
  { id: 3, name: 'Volkswagen Polo Vivo 1.4 Trendline' },
];

function CarSearch() {
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<Car | null>(null);
  const options = CARS.filter((car) => car.name.toLowerCase().includes(text.toLowerCase()));
  return (
    <>
      <SearchCombobox<Car>
        label="Vehicle"
        options={options}
        optionToString={(car) => car.name}
        optionKey={(car) => car.id}
        selected={selected}
        onSelectedChange={setSelected}
        inputValue={text}
        onInputValueChange={setText}
        emptyText="Sorry, we don't have that vehicle listed"
      />
      <output>{selected === null ? 'none' : selected.id}</output>
    </>
  );
}

describe('given a vehicle search', () => {
  it('lists nothing until three characters are typed', async () => {
    render(<CarSearch />);

    await userEvent.type(screen.getByRole('combobox', { name: 'Vehicle' }), 'hi');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('combobox', { name: 'Vehicle' }), 'l');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Toyota Hilux 2.8 GD-6 Legend',
      'Toyota Hilux 2.4 GD-6 SR',
    ]);
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('chooses a match and writes it into the field', async () => {
    render(<CarSearch />);

    const input = screen.getByRole('combobox', { name: 'Vehicle' });
    await userEvent.type(input, 'polo');
    await userEvent.click(screen.getByRole('option', { name: 'Volkswagen Polo Vivo 1.4 Trendline' }));
    expect(input).toHaveValue('Volkswagen Polo Vivo 1.4 Trendline');
    expect(screen.getByText('3', { selector: 'output' })).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    render(<CarSearch />);

    await userEvent.type(screen.getByRole('combobox', { name: 'Vehicle' }), 'Trabant');
    expect(screen.getByText("Sorry, we don't have that vehicle listed")).toBeInTheDocument();
  });

  it('shows its error under the field', () => {
    render(
      <SearchCombobox<Car>
        label="Vehicle"
        options={[]}
        optionToString={(car) => car.name}
        optionKey={(car) => car.id}
        selected={null}
        onSelectedChange={() => undefined}
        inputValue=""
        onInputValueChange={() => undefined}
        emptyText="Sorry, we don't have that vehicle listed"
        error="This field is required"
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Vehicle' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required');
  });
});
