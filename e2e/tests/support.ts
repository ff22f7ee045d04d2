import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { AUTHORISED_USER_KEY } from '@sentinel/domain';
import type { AuthorisedUser } from '@sentinel/domain';
import { demoSignIn } from '@sentinel/testing';
import type { DemoRole } from '@sentinel/testing';

import { DASHBOARD_URL, sessionFile } from '../playwright.config';
import type { StaffRole } from '../playwright.config';

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

/** What a saved session (Playwright's storageState file) holds that the dashboard reads. */
interface SavedSession {
  origins: { origin: string; localStorage: { name: string; value: string }[] }[];
}

/**
 * Opens `path` signed in as the role, with the session its one sign-in through the login screen
 * saved before the run (global-setup.ts): for tests that are about something else, so they do not
 * each pay for a sign-in. The tokens go into local storage before the app loads, as after a login.
 */
export async function signedInAs(page: Page, role: StaffRole, path = '/agent/clients/all') {
  const saved = JSON.parse(readFileSync(sessionFile(role), 'utf8')) as SavedSession;
  const items = saved.origins.find(({ origin }) => origin === DASHBOARD_URL)?.localStorage ?? [];
  // Any page of the dashboard's origin that is not the app: local storage is per origin.
  await page.goto(`${DASHBOARD_URL}/appsettings.json`);
  await page.evaluate((entries) => {
    for (const { name, value } of entries) window.localStorage.setItem(name, value);
  }, items);
  await page.goto(path);
}

export async function storedUser(page: Page): Promise<AuthorisedUser | null> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), AUTHORISED_USER_KEY);
  return raw === null ? null : (JSON.parse(raw) as AuthorisedUser | null);
}

export async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

/**
 * Presses a vehicle card's Lock and answers the dialog that asks why (reason 'Test' unless given),
 * as an agent does before every lock.
 */
export async function lockWithReason(card: Locator, reason = 'Test') {
  const page = card.page();
  await card.getByRole('button', { name: 'Lock', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Lock the vehicle' });
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: reason }).click();
  await dialog.getByRole('button', { name: 'Lock', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Opens a page and waits until its live connection is up (the hub has answered the handshake on a
 * WebSocket), so a device report sent next cannot arrive before the page listens.
 */
export async function gotoLive(page: Page, path: string) {
  let answered = false;
  page.on('websocket', (socket) => {
    if (socket.url().includes('/DefaultHub')) socket.on('framereceived', () => (answered = true));
  });
  await page.goto(path);
  await expect.poll(() => answered).toBe(true);
}
