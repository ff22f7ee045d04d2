import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { CompanyCard } from './company-card';

describe('given a company card for an agent', () => {
  it('shows the name and counts, and opens the company when its name is clicked', async () => {
    const onView = vi.fn();
    render(
      <CompanyCard
        name="Karoo Logistics"
        userCount={9}
        vehicleCount={14}
        onView={onView}
        onLinkUser={vi.fn()}
      />,
    );

    expect(screen.getByRole('heading', { name: 'Karoo Logistics' })).toBeInTheDocument();
    expect(screen.getByText('Users').nextElementSibling).toHaveTextContent('9');
    expect(screen.getByText('Vehicles').nextElementSibling).toHaveTextContent('14');
    await userEvent.click(screen.getByRole('button', { name: 'Karoo Logistics' }));
    expect(onView).toHaveBeenCalledOnce();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("offers 'View Company' and 'Link a Company User' in its menu", async () => {
    const onView = vi.fn();
    const onLinkUser = vi.fn();
    render(<CompanyCard name="Karoo Logistics" onView={onView} onLinkUser={onLinkUser} />);

    await userEvent.click(screen.getByRole('button', { name: 'More actions for Karoo Logistics' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'View Company',
      'Link a Company User',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Link a Company User' }));
    expect(onLinkUser).toHaveBeenCalledOnce();
    expect(onView).not.toHaveBeenCalled();
  });
});

describe('given a company card for a Company-Admin', () => {
  it("offers only 'View Company'", async () => {
    render(<CompanyCard name="Karoo Logistics" onView={vi.fn()} />);

    await userEvent.click(screen.getByRole('button', { name: 'More actions for Karoo Logistics' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['View Company']);
  });
});
