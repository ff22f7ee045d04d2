import { expect, test } from '@playwright/test';
import { ROUTES } from '@sentinel/domain';
import { signedInAs } from './support';

// Seeded: Thandi Nkosi is client 4. Opening her account is a view of her personal data (POPIA),
// which the audit log keeps under her as the person concerned.
test('an Admin opens a holder’s account, then finds that view in the audit log under the holder', async ({
  page,
}) => {
  await signedInAs(page, 'Admin', ROUTES.viewAccount(4));
  await expect(page.getByRole('region', { name: 'Account holder' })).toContainText('Thandi Nkosi');

  await page.getByRole('link', { name: 'Who viewed this account' }).click();

  await expect(page).toHaveURL(/\/admin\/audit-log\?holder=4$/);
  await expect(page.getByRole('combobox', { name: 'Person concerned' })).toHaveValue('Thandi Nkosi');
  const view = page
    .getByRole('article', { name: /^Personal data viewed,/ })
    .filter({ hasText: 'admin@sentinel.demo' })
    .filter({ hasText: 'Account' })
    .first();
  await expect(view).toContainText('Thandi Nkosi');
});
