import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { AUTHORISED_USER_KEY } from '@sentinel/domain';
import type { AuthorisedUser } from '@sentinel/domain';
import { demoSignIn } from '@sentinel/testing';
import type { DemoRole } from '@sentinel/testing';

export type { DemoRole };

/** The seeded demo account of this role. */
export const demo = demoSignIn;

/** Signs in through the login screen, as a person would. */
export async function signInAs(page: Page, role: DemoRole) {
  const { email, password } = demo(role);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function storedUser(page: Page): Promise<AuthorisedUser | null> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), AUTHORISED_USER_KEY);
  return raw === null ? null : (JSON.parse(raw) as AuthorisedUser | null);
}

export async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}
