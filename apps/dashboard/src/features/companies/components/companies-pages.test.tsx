import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoSignIn, storeSignedInUser, sdk } from '../../../test/api';
import { renderApp } from '../../../test/render-app';

// jsdom has no layout: give the list's scroll area 500 px and every card 50 px, so the virtual list
// renders what a browser would.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(500);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(50);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const unique = (label: string) => `${label} ${Date.now()}${Math.floor(Math.random() * 1e4)}`;

describe('given an Admin on the company list', () => {
  it('lists companies by id, searches by name and offers both card actions', async () => {
    const user = userEvent.setup();
    await storeSignedInUser('Admin');
    renderApp('/agent/companies/all');

    const karoo = await screen.findByRole('heading', { name: 'Karoo Logistics' });
    expect(screen.getByRole('heading', { name: 'Mzansi Couriers' })).toBeInTheDocument();
    await user.click(
      within(karoo.closest('section')!).getByRole('button', { name: 'More actions for Karoo Logistics' }),
    );
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'View Company',
      'Link a Company User',
    ]);
    await user.keyboard('{Escape}');

    await user.type(screen.getByRole('searchbox', { name: 'Search companies' }), 'mzansi');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Karoo Logistics' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('heading', { name: 'Mzansi Couriers' })).toBeInTheDocument();
  });
});

describe('given a Company-Admin on the company list', () => {
  it('shows only their company, which they may view but not link users to', async () => {
    const user = userEvent.setup();
    await storeSignedInUser('Company-Admin');
    renderApp('/agent/companies/all');

    await screen.findByRole('heading', { name: 'Karoo Logistics' });
    expect(screen.queryByRole('heading', { name: 'Mzansi Couriers' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More actions for Karoo Logistics' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'View Company',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'View Company' }));

    await screen.findByRole('heading', { level: 1, name: 'View Company' });
    expect(await screen.findByText('Karoo Logistics')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Company' })).not.toBeInTheDocument();
  });
});

describe('given an Admin adding a company', () => {
  it('creates it, links a Company-Admin, removes them, deletes the company, and shows a refusal', async () => {
    const user = userEvent.setup();
    await storeSignedInUser('Admin');
    const app = renderApp('/admin/add-company');
    const name = unique('Winelands Fleet');

    await screen.findByRole('heading', { level: 1, name: 'Add Company' });
    const submit = screen.getByRole('button', { name: 'Add Company' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByLabelText('Name'));
    await user.tab();
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), name);
    await user.click(submit);

    await screen.findByRole('heading', { level: 1, name: 'Link Company Users' });
    expect(app.router.state.location.pathname).toMatch(/^\/agent\/companies\/\d+\/link-user$/);
    expect(await screen.findByText('No users linked to this company yet.')).toBeInTheDocument();

    const link = screen.getByRole('button', { name: 'Link' });
    expect(link).toBeDisabled();
    const companyAdmin = demoSignIn('Company-Admin').name;
    await user.type(screen.getByRole('combobox', { name: 'User' }), companyAdmin.split(' ')[0]!);
    await user.click(await screen.findByRole('option', { name: `${companyAdmin} (Company-Admin)` }));
    await user.click(link);
    const card = await screen.findByRole('button', { name: /Remove from company/ });
    expect(screen.queryByText('No users linked to this company yet.')).not.toBeInTheDocument();

    const companyPath = app.router.state.location.pathname.replace('link-user', 'view');
    await app.router.navigate(companyPath);
    await user.click(await screen.findByRole('button', { name: 'Delete Company' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${name} still has 1 linked user.`);

    await app.router.navigate(companyPath.replace('view', 'link-user'));
    await user.click(await screen.findByRole('button', { name: /Remove from company/ }));
    expect(await screen.findByText('No users linked to this company yet.')).toBeInTheDocument();
    expect(card).not.toBeInTheDocument();

    await app.router.navigate(companyPath);
    await user.click(await screen.findByRole('button', { name: 'Delete Company' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/agent/companies/all'));
  });

  it('shows a duplicate name under the field', async () => {
    const user = userEvent.setup();
    await storeSignedInUser('Technical-Agent');
    renderApp('/admin/add-company');

    await user.type(await screen.findByLabelText('Name'), 'karoo logistics');
    await user.click(screen.getByRole('button', { name: 'Add Company' }));
    expect(await screen.findByText('A company with this name already exists')).toBeInTheDocument();
  });
});

describe('given an Admin linking a user who is already linked', () => {
  it("shows the server's refusal beside the form", async () => {
    const user = userEvent.setup();
    await storeSignedInUser('Admin');
    renderApp('/agent/companies/all');

    await user.click(await screen.findByRole('button', { name: 'More actions for Karoo Logistics' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Link a Company User' }));
    await screen.findByRole('heading', { level: 1, name: 'Link Company Users' });
    const companyAdmin = demoSignIn('Company-Admin').name;
    await screen.findByRole('heading', { name: companyAdmin });
    await user.type(screen.getByRole('combobox', { name: 'User' }), companyAdmin);
    await user.click(await screen.findByRole('option', { name: `${companyAdmin} (Company-Admin)` }));
    await user.click(screen.getByRole('button', { name: 'Link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This user is already linked to this company');
  });
});

describe('given an agent linking an existing account holder by picking the person first', () => {
  it('lists them with their role, takes that role and shows them among the existing users', async () => {
    const user = userEvent.setup();
    const agent = await storeSignedInUser('Technical-Agent');
    const api = sdk(agent);
    const company = await api.companies.create(unique('Highveld Haulage'));
    // A holder with a name no one else has, so the search finds only them.
    const surname = `Khumalo${Math.floor(Math.random() * 1e8)}`;
    const suffix = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    await api.users.createAccountHolder({
      FirstName: 'Thandi',
      LastName: surname,
      Email: `thandi.${suffix}@example.co.za`,
      PhoneNumber: `07${suffix}`,
      IdNumber: `P${suffix}`,
      IdNumberIsSouthAfrican: false,
    });
    renderApp(`/agent/companies/${company.id}/link-user`);

    const linkNew = await screen.findByRole('region', { name: 'Link New User' });
    expect(within(linkNew).getByRole('combobox', { name: 'Role' })).toHaveTextContent('Company-Admin');
    const picker = within(linkNew).getByRole('combobox', { name: 'User' });
    expect(picker).toHaveAttribute('placeholder', 'Select a user');
    await user.type(picker, `Thandi ${surname}`);
    await user.click(await screen.findByRole('option', { name: `Thandi ${surname} (Account-Holder)` }));

    // The role follows the person: an account holder is linked as one.
    const role = within(linkNew).getByRole('combobox', { name: 'Role' });
    expect(role).toHaveTextContent('Account-Holder');
    expect(role).toBeDisabled();
    await user.click(within(linkNew).getByRole('button', { name: 'Link' }));

    const existing = await screen.findByRole('region', { name: 'Existing Users' });
    expect(await within(existing).findByRole('heading', { name: `Thandi ${surname}` })).toBeInTheDocument();
    expect(within(linkNew).getByRole('combobox', { name: 'User' })).toHaveValue('');
    expect((await api.companies.users(company.id)).items).toMatchObject([
      { firstName: 'Thandi', lastName: surname, role: 'Account-Holder' },
    ]);
  });
});
