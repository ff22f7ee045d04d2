import { expect, test } from '@playwright/test';
import { signedInAs } from './support';

test('a deep link to a protected route while signed out goes to sign-in', async ({ page }) => {
  await page.goto('/agent/clients/7/vehicle/3/history');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/admin/add-agent');
  await expect(page).toHaveURL(/\/login$/);
});

test('the root sends a staff host to sign-in', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown path shows the 404 text', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText("Oops! It looks like the page you're looking for is lost.")).toBeVisible();
});

test('the old installation checklist shows only its notice', async ({ page }) => {
  await page.goto('/installation-checklist');
  await expect(page.getByRole('heading', { name: 'Installation Checklist' })).toBeVisible();
  await expect(
    page.getByText('This version of the checklist is no longer available. Please use the new one.'),
  ).toBeVisible();
});

test('the top tabs show on a wide window and hide at 768 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAs(page, 'Admin');
  const tabs = page.getByRole('navigation').getByRole('link', { name: 'Burn In' });
  await expect(tabs).toBeVisible();

  await page.setViewportSize({ width: 768, height: 800 });
  await expect(tabs).toBeHidden();
  await page.setViewportSize({ width: 769, height: 800 });
  await expect(tabs).toBeVisible();
});

test('the header logo links to the agent area', async ({ page }) => {
  await signedInAs(page, 'Admin');
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);
  await page.goto('/agent/onboarding');
  await expect(page).toHaveURL(/\/agent\/onboarding\/outstanding-details$/);
  await page
    .getByRole('link', { name: /Sentinel/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);
});

test('a Technical-Agent who opens /agent/import reads the refusal, not the Import screen, and the menu does not offer it', async ({
  page,
}) => {
  await signedInAs(page, 'Technical-Agent', '/agent/import');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your role does not allow this request.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Import' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Clients' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Import' })).toHaveCount(0);
});
