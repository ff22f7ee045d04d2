import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { InfoCard } from './info-card';
import { personInfoRows, vehicleInfoRows } from './info-rows';

const HOLDER = {
  email: 'holder@sentinel.demo',
  phoneCode: '27',
  phoneNumber: '821234567',
  idNumber: '9001015009087',
};

function definitions(): Array<[string, string]> {
  return screen
    .getAllByRole('term')
    .map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']);
}

describe('given an account holder card', () => {
  it('shows Email, Cellphone with plus sign and code, and ID number', () => {
    render(<InfoCard title="Account holder" rows={personInfoRows(HOLDER)} />);

    expect(screen.getByRole('heading', { name: 'Account holder' })).toBeInTheDocument();
    expect(definitions()).toEqual([
      ['Email', 'holder@sentinel.demo'],
      ['Cellphone', '+27 821234567'],
      ['ID number', '9001015009087'],
    ]);
  });

  it('calls onEdit from an edit button named after the card', async () => {
    const onEdit = vi.fn();
    render(<InfoCard title="Account holder" rows={personInfoRows(HOLDER)} onEdit={onEdit} />);

    await userEvent.click(screen.getByRole('button', { name: 'Edit Account holder' }));

    expect(onEdit).toHaveBeenCalledTimes(1);
  });

  it('has no edit button or menu when none are given', () => {
    render(<InfoCard title="Account holder" rows={personInfoRows(HOLDER)} />);

    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    render(<InfoCard title="Account holder" rows={personInfoRows(HOLDER)} onEdit={vi.fn()} />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a vehicle card with a menu and a history link', () => {
  function renderVehicle(onViewAccount = vi.fn(), onAddVehicle = vi.fn()) {
    render(
      <InfoCard
        title="CA 123-456"
        rows={vehicleInfoRows({
          make: 'Toyota',
          model: 'Corolla',
          registrationYear: '2019',
          vehicleColour: 'White',
          vinNumber: 'AHTBB3QE000000001',
          engineNumber: null,
        })}
        historyLink={<a href="/agent/clients/4/vehicle/9/history">Vehicle history</a>}
        menuItems={[
          { label: 'View Account', onSelect: onViewAccount },
          { label: 'Add Vehicle', onSelect: onAddVehicle },
        ]}
      />,
    );
  }

  it('shows make and model, Year, Colour and the VIN, leaving out the unknown engine number', () => {
    renderVehicle();

    expect(definitions()).toEqual([
      ['Make and model', 'Toyota Corolla'],
      ['Year', '2019'],
      ['Colour', 'White'],
      ['VIN number', 'AHTBB3QE000000001'],
    ]);
  });

  it('renders the history link in its header', () => {
    renderVehicle();

    expect(screen.getByRole('link', { name: 'Vehicle history' })).toHaveAttribute(
      'href',
      '/agent/clients/4/vehicle/9/history',
    );
  });

  it("offers 'View Account' and 'Add Vehicle' in its menu", async () => {
    const onAddVehicle = vi.fn();
    renderVehicle(vi.fn(), onAddVehicle);

    await userEvent.click(screen.getByRole('button', { name: 'More actions for CA 123-456' }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['View Account', 'Add Vehicle']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Add Vehicle' }));

    expect(onAddVehicle).toHaveBeenCalledTimes(1);
  });

  it('has no accessibility violations', async () => {
    renderVehicle();

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given vehicle info with both optional numbers', () => {
  it('lists VIN number then Engine number', () => {
    expect(
      vehicleInfoRows({
        make: 'VW',
        model: 'Polo',
        registrationYear: 2021,
        vehicleColour: 'Blue',
        vinNumber: 'VIN1',
        engineNumber: 'ENG1',
      }).map((row) => row.label),
    ).toEqual(['Make and model', 'Year', 'Colour', 'VIN number', 'Engine number']);
  });
});
