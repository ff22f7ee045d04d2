import { expect, test } from '@playwright/test';
import { demo, openMenu, signInAs, storedUser } from './support';

const STAFF_MENUS = {
  Admin: [
    'Clients',
    'Alarms',
    'Geofences',
    'Onboarding',
    'Companies',
    'Add a new account',
    'Add agent to dashboard',
    'Add company to dashboard',
    'Import',
    'Audit log',
    'Breach register',
    'Security',
    'Change password',
    'Logout',
  ],
  'Technical-Agent': [
    'Clients',
    'Alarms',
    'Geofences',
    'Onboarding',
    'Companies',
    'Add a new account',
    'Add agent to dashboard',
    'Add company to dashboard',
    'Security',
    'Change password',
    'Logout',
  ],
  'Company-Admin': [
    'Users',
    'Alarms',
    'Geofences',
    'Companies',
    'Import',
    'Security',
    'Change password',
    'Logout',
  ],
} as const;

for (const [role, menu] of Object.entries(STAFF_MENUS)) {
  test(`a ${role} signs in, lands in the agent area and sees the role's menu`, async ({ page }) => {
    await signInAs(page, role as keyof typeof STAFF_MENUS);

    await expect(page).toHaveURL(/\/agent\/clients\/all$/);
    // The open alarms' count comes first while there are any (other tests raise them).
    await expect(page).toHaveTitle(/^(\(\d+\) )?Agent \| Sentinel$/);
    const user = await storedUser(page);
    expect(user?.userRole).toBe(role);
    expect(typeof user?.userId).toBe('number');

    await openMenu(page);
    await expect(page.getByRole('menuitem')).toHaveText([...menu]);
  });
}

test('the Company-Admin sees the client list as Users', async ({ page }) => {
  await signInAs(page, 'Company-Admin');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
});

test('an Account-Holder is refused and nothing is stored', async ({ page }) => {
  await signInAs(page, 'Account-Holder');

  await expect(page.getByText('Invalid email and password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedUser(page)).toBeNull();
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(demo('Admin').email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page.getByRole('alert')).toHaveText('Invalid email and password');
  expect(await storedUser(page)).toBeNull();
});

test('email and password are trimmed as typed and Login waits for both', async ({ page }) => {
  await page.goto('/login');
  const login = page.getByRole('button', { name: 'Login' });
  await expect(login).toBeDisabled();
  await page.getByLabel('Email').fill(`  ${demo('Admin').email}  `);
  await expect(page.getByLabel('Email')).toHaveValue(demo('Admin').email);
  await expect(login).toBeDisabled();
  await page.getByLabel('Password').fill(`${demo('Admin').password} `);
  await expect(login).toBeEnabled();
  await login.click();
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);
});

test('Forgot password leads to its screen', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('a signed-in user visiting the sign-in screen goes to the agent area', async ({ page }) => {
  await signInAs(page, 'Technical-Agent');
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);
});

test('Logout clears the session and returns to the start', async ({ page }) => {
  await signInAs(page, 'Admin');
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);

  await openMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/login$/);
  expect(await storedUser(page)).toBeNull();
  await page.goBack();
  await expect(page).not.toHaveURL(/\/agent/);
});
