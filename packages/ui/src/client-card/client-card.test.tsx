import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { ClientCard } from './client-card';

function Client({
  tamperActive = false,
  onAddVehicle = vi.fn(),
  onViewAccount = vi.fn(),
}: {
  tamperActive?: boolean;
  onAddVehicle?: () => void;
  onViewAccount?: () => void;
}) {
  const [expanded, setExpanded] = useState(false);
  return (
    <ClientCard
      name="Thandi Nkosi"
      email="holder@sentinel.demo"
      phone="+27 821234567"
      vehicleCounts={{ withDevice: 2, withoutDevice: 1 }}
      tamperActive={tamperActive}
      expanded={expanded}
      onExpandedChange={setExpanded}
      onAddVehicle={onAddVehicle}
      onViewAccount={onViewAccount}
    >
      <p>CA 123-456</p>
    </ClientCard>
  );
}

describe('given a collapsed client card', () => {
  it('shows the name, contact details and vehicle counts but not the vehicles', () => {
    render(<Client />);

    expect(screen.getByRole('heading', { name: 'Thandi Nkosi' })).toBeInTheDocument();
    expect(screen.getByText('holder@sentinel.demo')).toBeVisible();
    expect(screen.getByText('+27 821234567')).toBeVisible();
    expect(screen.getByText('Vehicles with a device').nextElementSibling).toHaveTextContent('2');
    expect(screen.getByText('Vehicles without a device').nextElementSibling).toHaveTextContent('1');
    expect(screen.queryByText('CA 123-456')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show vehicles of Thandi Nkosi' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('expands to its vehicles and collapses again', async () => {
    render(<Client />);

    await userEvent.click(screen.getByRole('button', { name: 'Show vehicles of Thandi Nkosi' }));
    expect(screen.getByText('CA 123-456')).toBeVisible();
    const toggle = screen.getByRole('button', { name: 'Hide vehicles of Thandi Nkosi' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(toggle);
    expect(screen.queryByText('CA 123-456')).not.toBeInTheDocument();
  });

  it('has no alert marker without an active tamper alert', () => {
    render(<Client />);

    expect(screen.queryByText('Active alert')).not.toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    render(<Client />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given the client card menu', () => {
  it("offers 'Add a vehicle' and 'View account'", async () => {
    const onAddVehicle = vi.fn();
    const onViewAccount = vi.fn();
    render(<Client onAddVehicle={onAddVehicle} onViewAccount={onViewAccount} />);

    await userEvent.click(screen.getByRole('button', { name: 'More actions for Thandi Nkosi' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Add a vehicle',
      'View account',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'View account' }));
    expect(onViewAccount).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'More actions for Thandi Nkosi' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Add a vehicle' }));
    expect(onAddVehicle).toHaveBeenCalledTimes(1);
  });
});

describe('given a client with an active tamper alert', () => {
  it('shows an alert marker', () => {
    render(<Client tamperActive />);

    expect(screen.getByText('Active alert')).toBeVisible();
  });

  it('has no accessibility violations when expanded', async () => {
    render(<Client tamperActive />);

    await userEvent.click(screen.getByRole('button', { name: 'Show vehicles of Thandi Nkosi' }));

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a card composed from its parts', () => {
  function Compact() {
    const [expanded, setExpanded] = useState(false);
    return (
      <ClientCard.Root name="Thandi Nkosi" expanded={expanded} onExpandedChange={setExpanded}>
        <ClientCard.Header level={2} />
        <ClientCard.Body>
          <ClientCard.Toggle />
        </ClientCard.Body>
        <ClientCard.Vehicles>
          <p>Bakkie</p>
        </ClientCard.Vehicles>
      </ClientCard.Root>
    );
  }

  it('names the card by its heading and shows the vehicles on the toggle', async () => {
    render(<Compact />);

    expect(screen.getByRole('region', { name: 'Thandi Nkosi' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Thandi Nkosi' })).toBeInTheDocument();
    expect(screen.queryByText('Email')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show vehicles of Thandi Nkosi' }));
    expect(screen.getByText('Bakkie')).toBeVisible();
  });

  it('refuses a part outside ClientCard.Root', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<ClientCard.Toggle />)).toThrow('ClientCard parts must be inside ClientCard.Root');
  });
});
