import { expect, test } from '@playwright/test';
import { signedInAs } from './support';

test.beforeEach(async ({ page }) => {
  await signedInAs(page, 'Admin');
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);
  await page.goto('/agent/onboarding/client/add');
  await expect(page.getByRole('heading', { name: 'Account holder' })).toBeVisible();
});

const unique = () => Date.now().toString().slice(-7);

test('the account holder form explains each invalid field on blur', async ({ page }) => {
  await expect(page.getByText('Who is responsible for the account?')).toBeVisible();
  await expect(page.getByText('Required format: 0821234567')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).focus();
  await page.getByLabel('Name', { exact: true }).blur();
  await expect(page.getByText('This field is required')).toBeVisible();

  await page.getByLabel('Email address').fill('thandi@');
  await page.getByLabel('Email address').blur();
  await expect(page.getByText('Please provide a valid email address')).toBeVisible();

  await page.getByLabel('Cellphone number').fill('12a3');
  await expect(page.getByLabel('Cellphone number')).toHaveValue('123');
  await page.getByLabel('Cellphone number').blur();
  await expect(page.getByText('Please provide a valid phone number')).toBeVisible();

  await page.getByLabel('South African ID Number').fill('8013015009087');
  await page.getByLabel('South African ID Number').blur();
  await expect(page.getByText('Please provide a valid ID number')).toBeVisible();

  await page.getByRole('switch', { name: 'Has a South African ID' }).click();
  await expect(page.getByLabel('Passport Number')).toHaveValue('');
  await expect(page.getByText('Please provide a valid ID number')).toBeHidden();
  await page.getByLabel('Passport Number').fill('A-1');
  await page.getByLabel('Passport Number').blur();
  await expect(page.getByText('Please provide a valid passport number')).toBeVisible();

  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
});

test('an account holder with a South African ID is created and onboarding moves on', async ({ page }) => {
  const next = page.getByRole('button', { name: 'Next' });
  await page.getByLabel('Name', { exact: true }).fill('Lindiwe');
  await page.getByLabel('Surname').fill('Mahlangu');
  await page.getByLabel('Email address').fill(`lindiwe.${unique()}@example.co.za`);
  await page.getByLabel('Cellphone number').fill('0821234567');
  await expect(next).toBeDisabled();
  await page.getByLabel('South African ID Number').fill('8001015009087');
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page).toHaveURL(/\/agent\/onboarding\/client\/\d+\/add-driver$/);
});

test('an account holder with a passport is created', async ({ page }) => {
  await page.getByLabel('Name', { exact: true }).fill('Jean');
  await page.getByLabel('Surname').fill('Mukendi');
  await page.getByLabel('Email address').fill(`jean.${unique()}@example.com`);
  await page.getByLabel('Cellphone number').fill('0731234567');
  await page.getByRole('switch', { name: 'Has a South African ID' }).click();
  await page.getByLabel('Passport Number').fill('OP1234567');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/agent\/onboarding\/client\/\d+\/add-driver$/);
});

test('a taken email comes back from the server beside its field and nothing typed is lost', async ({
  page,
}) => {
  await page.getByLabel('Name', { exact: true }).fill('Thandi');
  await page.getByLabel('Surname').fill('Nkosi');
  await page.getByLabel('Email address').fill('holder@sentinel.demo');
  await page.getByLabel('Cellphone number').fill('0821234567');
  await page.getByLabel('South African ID Number').fill('8001015009087');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('A user with this email address already exists')).toBeVisible();
  await expect(page).toHaveURL(/\/agent\/onboarding\/client\/add$/);
  await expect(page.getByLabel('Surname')).toHaveValue('Nkosi');
  await expect(page.getByLabel('South African ID Number')).toHaveValue('8001015009087');
});

test('an admin adds an agent with a role from the server', async ({ page }) => {
  await page.goto('/admin/add-agent');
  await expect(page.getByRole('heading', { name: 'Add agent' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Add agent' });
  await page.getByLabel('Name', { exact: true }).fill('Kagiso');
  await page.getByLabel('Surname').fill('Molefe');
  await page.getByLabel('Email address').fill(`kagiso.${unique()}@sentinel.demo`);
  await page.getByLabel('Cellphone number').fill('0721234567');
  await expect(submit).toBeDisabled();
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Technical-Agent' }).click();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);
});
