import { expect, test } from '@playwright/test';
import { ROUTES } from '@sentinel/domain';
import { signedInAs } from './support';

// Seeded: Thandi Nkosi is client 4, her vehicles subscribed. Erasing her (POPIA) is refused with
// the reason and nothing changes; the erasure itself is apps/api/src/erasure/erasure.test.ts's.
test('an Admin asked to erase a holder whose subscription runs is refused with the reason', async ({
  page,
}) => {
  await signedInAs(page, 'Admin', ROUTES.viewAccount(4));
  const privacy = page.getByRole('region', { name: 'Privacy' });
  await privacy.getByRole('button', { name: 'Erase account holder' }).click();

  const dialog = page.getByRole('dialog', { name: 'Erase Thandi Nkosi?' });
  await expect(dialog).toContainText('This cannot be undone.');
  await dialog.getByRole('button', { name: 'Erase account holder' }).click();

  await expect(privacy.getByRole('alert')).toHaveText(
    /^This account holder has (an|\d+) active subscriptions?\./,
  );
  await expect(page.getByRole('region', { name: 'Account holder' })).toContainText('Thandi Nkosi');
});
