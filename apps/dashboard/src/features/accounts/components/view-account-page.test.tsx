import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { and, eq, gt } from '@sentinel/api-sdk';
import type { AuthorisedUser } from '@sentinel/domain';
import { storeSignedInUser, sdk } from '../../../test/api';
import { renderApp } from '../../../test/render-app';

/** The demo account holder (holder@sentinel.demo) and their two installed vehicles. */
async function demoHolder(user: AuthorisedUser) {
  const api = sdk(user);
  const [holder] = (await api.users.list({ filter: eq('email', 'holder@sentinel.demo') })).items;
  if (!holder) throw new Error('no demo holder');
  const vehicles = (await api.vehicles.list({ filter: eq('userId', holder.id) })).items;
  return { holder, vehicles, api };
}

/** A generated demo client with vehicles, oldest first, so edits here touch no one else's data. */
async function clientToEdit(user: AuthorisedUser, offset: number) {
  const api = sdk(user);
  const page = await api.users.list({
    filter: and(eq('role', 'Account-Holder'), gt('totalNumberOfVehicles', 0)),
    orderBy: [{ field: 'createdOnDateTime', direction: 'asc' }],
    pageSize: 1,
    pageIndex: offset,
  });
  const [holder] = page.items;
  if (!holder) throw new Error('no demo client with vehicles');
  const vehicles = (await api.vehicles.list({ filter: eq('userId', holder.id) })).items;
  return { holder, vehicles, api };
}

const uniqueEmail = () => `edited.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.co.za`;

// jsdom has no navigation: location.reload() makes it print 'Not implemented: navigation' on the
// worker's own stderr (its virtual console writes there, not through the test's console). The page
// must not reload: the saved values come from the query cache.
function watchReload() {
  const write = vi.spyOn(process.stderr, 'write');
  return () => write.mock.calls.some(([chunk]) => String(chunk).includes('Not implemented: navigation'));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('given an agent viewing an account', () => {
  it("titles the page, shows the holder's card and each vehicle with drivers and plan", async () => {
    const agent = await storeSignedInUser('Technical-Agent');
    const { holder, vehicles, api } = await demoHolder(agent);
    const plans = await api.subscriptionPlans.list();
    renderApp(`/agent/clients/${holder.id}/account/view`);

    expect(await screen.findByRole('heading', { level: 1, name: 'View account' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('View Account'));
    const holderCard = await screen.findByRole('region', { name: 'Account holder' });
    expect(within(holderCard).getByText(holder.email)).toBeInTheDocument();
    expect(within(holderCard).getByText(`+${holder.phoneCode} ${holder.phoneNumber}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend Create Password Link' })).toBeInTheDocument();
    // The holder's escalation contacts and notifications have sections of their own (their own tests).
    expect(screen.getByRole('region', { name: 'Escalation contacts' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();

    expect(vehicles).toHaveLength(2);
    for (const vehicle of vehicles) {
      const section = screen.getByRole('region', { name: vehicle.registrationNumber });
      expect(within(section).getByRole('heading', { name: vehicle.registrationNumber })).toBeInTheDocument();
      expect(within(section).getByText(`${vehicle.make} ${vehicle.model}`)).toBeInTheDocument();
      expect(
        within(section).getByRole('link', { name: `Vehicle history of ${vehicle.registrationNumber}` }),
      ).toHaveAttribute('href', `/agent/clients/${holder.id}/vehicle/${vehicle.id}/history`);
      for (const driver of vehicle.drivers) {
        expect(
          within(section).getByRole('heading', { name: `${driver.firstName} ${driver.lastName}` }),
        ).toBeInTheDocument();
      }
      const plan = plans.find((item) => item.id === vehicle.subscriptionPlanId);
      expect(plan).toBeDefined();
      expect(within(section).getByText(plan?.displayName ?? '')).toBeInTheDocument();
      expect(within(section).getByText(plan?.description ?? '')).toBeInTheDocument();
    }
  });

  it("offers 'View Account' and 'Add Vehicle' on the vehicle card's menu", async () => {
    const user = userEvent.setup();
    const agent = await storeSignedInUser('Admin');
    const { holder, vehicles } = await demoHolder(agent);
    const app = renderApp(`/agent/clients/${holder.id}/account/view`);
    const registration = vehicles[0]?.registrationNumber ?? '';

    await user.click(await screen.findByRole('button', { name: `More actions for ${registration}` }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'View Account',
      'Add Vehicle',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Add Vehicle' }));

    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`/agent/onboarding/client/${holder.id}/add-driver`),
    );
  });

  it('resends the password link to a holder who has none yet and says so', async () => {
    const user = userEvent.setup();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const agent = await storeSignedInUser('Technical-Agent');
    // A link goes only to an account that has no password yet: a newly added holder.
    const suffix = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    const { id } = await sdk(agent).users.createAccountHolder({
      FirstName: 'Lindiwe',
      LastName: 'Mokoena',
      Email: uniqueEmail(),
      PhoneNumber: `07${suffix}`,
      IdNumber: `P${suffix}`,
      IdNumberIsSouthAfrican: false,
    });
    renderApp(`/agent/clients/${id}/account/view`);

    await user.click(await screen.findByRole('button', { name: 'Resend Create Password Link' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Password creation link resent successfully.'));
  });

  it("says 'Failed to resend password creation link.' and the server's reason when it refuses", async () => {
    const user = userEvent.setup();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await storeSignedInUser('Technical-Agent');
    renderApp('/agent/clients/987654/account/view');

    await user.click(await screen.findByRole('button', { name: 'Resend Create Password Link' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'Failed to resend password creation link. User 987654 was not found.',
      ),
    );
  });

  it('says why when the holder already has a password', async () => {
    const user = userEvent.setup();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const agent = await storeSignedInUser('Technical-Agent');
    // The demo holder signs in to the mobile app: they have a password.
    const { holder } = await demoHolder(agent);
    renderApp(`/agent/clients/${holder.id}/account/view`);

    await user.click(await screen.findByRole('button', { name: 'Resend Create Password Link' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'Failed to resend password creation link. This account already has a password: ask the customer to use Forgot password',
      ),
    );
  });

  it('says when to try again after three links in 15 minutes', async () => {
    const user = userEvent.setup();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const agent = await storeSignedInUser('Technical-Agent');
    const api = sdk(agent);
    const suffix = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    // Adding the holder sends the first link; two resends make three, the limit of 15 minutes.
    const { id } = await api.users.createAccountHolder({
      FirstName: 'Sipho',
      LastName: 'Ndlovu',
      Email: uniqueEmail(),
      PhoneNumber: `07${suffix}`,
      IdNumber: `P${suffix}`,
      IdNumberIsSouthAfrican: false,
    });
    await api.users.resendPasswordCreationLink(id);
    await api.users.resendPasswordCreationLink(id);
    renderApp(`/agent/clients/${id}/account/view`);

    await user.click(await screen.findByRole('button', { name: 'Resend Create Password Link' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'Failed to resend password creation link. A link was sent a moment ago: try again in 15 minutes',
      ),
    );
  });
});

describe("given an agent editing the account holder's contact details", () => {
  it('keeps name and ID read-only, needs email and phone, saves them and shows them without a reload', async () => {
    const user = userEvent.setup();
    const agent = await storeSignedInUser('Technical-Agent');
    const { holder, api } = await clientToEdit(agent, 0);
    const reloaded = watchReload();
    renderApp(`/agent/clients/${holder.id}/account/view`);

    await user.click(
      await screen.findByRole('button', { name: `Edit ${holder.firstName} ${holder.lastName}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Account holder details' });
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Surname')).toHaveAttribute('readonly');
    const idLabel = holder.idNumberIsSouthAfrican ? 'South African ID Number' : 'Passport Number';
    expect(within(dialog).getByLabelText(idLabel)).toHaveAttribute('readonly');

    const email = within(dialog).getByLabelText('Email address');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.clear(email);
    expect(save).toBeDisabled();
    const changed = uniqueEmail();
    await user.type(email, changed);
    await user.clear(within(dialog).getByLabelText('Cellphone number'));
    await user.type(within(dialog).getByLabelText('Cellphone number'), '0734445555');
    expect(save).toBeEnabled();
    await user.click(save);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const holderCard = screen.getByRole('region', { name: 'Account holder' });
    expect(within(holderCard).getByText(changed)).toBeInTheDocument();
    expect(within(holderCard).getByText(`+${holder.phoneCode} 734445555`)).toBeInTheDocument();
    expect(reloaded()).toBe(false);
    const [after] = (await api.users.list({ filter: eq('id', holder.id) })).items;
    expect(after).toMatchObject({ email: changed, phoneNumber: '734445555' });
  });

  it("shows the server's field error beside the field and keeps the dialog open", async () => {
    const user = userEvent.setup();
    const agent = await storeSignedInUser('Technical-Agent');
    const { holder } = await clientToEdit(agent, 1);
    renderApp(`/agent/clients/${holder.id}/account/view`);

    await user.click(
      await screen.findByRole('button', { name: `Edit ${holder.firstName} ${holder.lastName}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Account holder details' });
    const email = within(dialog).getByLabelText('Email address');
    await user.clear(email);
    // Another user's address.
    await user.type(email, 'agent@sentinel.demo');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('A user with this email address already exists')).toBeInTheDocument();
    expect(email).toHaveValue('agent@sentinel.demo');
  });
});

describe("given an agent editing a driver's contact details", () => {
  it("opens 'Driver details', saves through the driver's own call and shows the change without a reload", async () => {
    const user = userEvent.setup();
    const agent = await storeSignedInUser('Admin');
    const { holder, vehicles, api } = await clientToEdit(agent, 2);
    const driver = vehicles[0]?.drivers[0];
    if (!driver) throw new Error('no driver');
    const reloaded = watchReload();
    renderApp(`/agent/clients/${holder.id}/account/view`);

    await user.click(
      await screen.findByRole('button', { name: `Edit ${driver.firstName} ${driver.lastName}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Driver details' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue(driver.firstName);
    const email = within(dialog).getByLabelText('Email address');
    await user.clear(email);
    const changed = uniqueEmail();
    await user.type(email, changed);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const section = screen.getByRole('region', { name: vehicles[0]?.registrationNumber ?? '' });
    expect(within(section).getByText(changed)).toBeInTheDocument();
    expect(reloaded()).toBe(false);
    const [after] = (await api.vehicles.list({ filter: eq('id', driver.vehicleId) })).items;
    expect(after?.drivers.find((item) => item.id === driver.id)?.email).toBe(changed);
  });
});
