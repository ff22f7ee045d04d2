import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ERASURE_MESSAGES } from '@sentinel/domain';
import type { AuthorisedUser } from '@sentinel/domain';
import { sdk, storeSignedInUser } from '../../../test/api';
import { renderApp } from '../../../test/render-app';

/** A new account holder with a subscribed vehicle, so the erasure here is nobody else's. */
async function subscribedHolder(admin: AuthorisedUser) {
  const api = sdk(admin);
  const suffix = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  const { id } = await api.users.createAccountHolder({
    FirstName: 'Nomvula',
    LastName: 'Privacy',
    Email: `privacy.${Date.now()}.${suffix}@example.co.za`,
    PhoneNumber: `07${suffix}`,
    IdNumber: `P${suffix}`,
    IdNumberIsSouthAfrican: false,
  });
  const [type] = await api.onboarding.searchVehicleTypes('polo', 1);
  const registrationNumber = `PV ${suffix.slice(0, 4)} GP`;
  const vehicle = await api.onboarding.createVehicle({
    colour: 'White',
    registrationNumber,
    vehicle: type!.makeVariant,
    registrationYear: '2022',
    userId: id,
    vehicleTypeId: type!.id,
  });
  const plan = (await api.subscriptionPlans.list()).find((item) => item.available && !item.isOffline)!;
  await api.onboarding.subscribe({
    subscriptionPlanId: plan.id,
    vehicleId: vehicle.id,
    isOffline: false,
    initiallyPayDepositOnly: true,
    createdByAgentOnBehalfOfUser: true,
  });
  return { id, registrationNumber };
}

/** The account's first showing waits on three answers of an api that other test files keep busy. */
const PAGE_LOADED = { timeout: 15_000 };

async function confirm(user: ReturnType<typeof userEvent.setup>, title: string, action: string) {
  const dialog = await screen.findByRole('dialog', { name: title });
  await user.click(within(dialog).getByRole('button', { name: action }));
}

describe('given an Admin on an account holder whose subscription runs', () => {
  it('sets a legal hold with a reason, is refused the erasure with both reasons, and erases once both are gone', async () => {
    const user = userEvent.setup();
    const admin = await storeSignedInUser('Admin');
    const { id, registrationNumber } = await subscribedHolder(admin);
    renderApp(`/agent/clients/${id}/account/view`);

    const section = await screen.findByRole('region', { name: 'Privacy' }, PAGE_LOADED);
    expect(within(section).getByText('No legal hold is set.')).toBeInTheDocument();
    const reason = within(section).getByLabelText('Legal hold reason');
    await user.type(reason, 'ab');
    await user.click(within(section).getByRole('button', { name: 'Set legal hold' }));
    expect(reason).toHaveAccessibleDescription(
      expect.stringContaining(ERASURE_MESSAGES.reasonTooShort) as string,
    );
    await user.type(reason, 'c SAPS case 12/2026');
    await user.click(within(section).getByRole('button', { name: 'Set legal hold' }));
    expect(await within(section).findByText('Legal hold set.')).toBeInTheDocument();
    expect(
      within(section).getByText(/Under a legal hold since .*: abc SAPS case 12\/2026$/),
    ).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Erase account holder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase Nomvula Privacy?' });
    expect(dialog).toHaveAccessibleDescription(ERASURE_MESSAGES.consequence);
    await user.click(within(dialog).getByRole('button', { name: 'Erase account holder' }));
    expect(
      await within(section).findByText(
        `${ERASURE_MESSAGES.activeSubscriptions(1)} ${ERASURE_MESSAGES.legalHold('abc SAPS case 12/2026')}`,
      ),
    ).toBeInTheDocument();

    await user.type(within(section).getByLabelText('Reason for lifting the legal hold'), 'Case closed');
    await user.click(within(section).getByRole('button', { name: 'Lift legal hold' }));
    expect(await within(section).findByText('Legal hold lifted.')).toBeInTheDocument();
    const subscriptions = within(section).getByRole('list', { name: 'Subscriptions' });
    expect(within(subscriptions).getByText(registrationNumber, { exact: false })).toBeInTheDocument();
    await user.click(within(subscriptions).getByRole('button', { name: 'End subscription' }));
    await confirm(user, `End the subscription of ${registrationNumber}?`, 'End subscription');
    await waitFor(() =>
      expect(within(section).queryByRole('list', { name: 'Subscriptions' })).not.toBeInTheDocument(),
    );

    // The section reads the holder again once the subscription ended; the button is back after it.
    await user.click(await within(section).findByRole('button', { name: 'Erase account holder' }));
    await confirm(user, 'Erase Nomvula Privacy?', 'Erase account holder');
    expect(await within(section).findByText(/^This account holder was erased on /)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit Erased account holder' })).toBeInTheDocument();
  });
});

describe('given a Technical-Agent on an account holder', () => {
  it('shows no Privacy section', async () => {
    const agent = await storeSignedInUser('Technical-Agent');
    const { id } = await sdk(agent).users.createAccountHolder({
      FirstName: 'Sibusiso',
      LastName: 'Agentview',
      Email: `privacy.agent.${Date.now()}@example.co.za`,
      PhoneNumber: '0712345678',
      IdNumber: `P${Date.now()}`,
      IdNumberIsSouthAfrican: false,
    });
    renderApp(`/agent/clients/${id}/account/view`);

    expect(await screen.findByRole('region', { name: 'Notifications' }, PAGE_LOADED)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Privacy' })).not.toBeInTheDocument();
  });
});
