// Every screen works on a phone (issue 17): at 360 px wide, with touch, each route of the three apps
// fits the window, and its controls are thumb-sized and reachable; the journeys and dialogs run at
// 390 px too (no stylesheet changes in between, which the first test checks). The burn-in and
// company screens are checked at their 768 and 1030 px breakpoints too.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { RoleName } from '@sentinel/domain';
import { BURNIN_URL, DASHBOARD_URL, SIGNUP_URL, STAFF_ROLES } from '../playwright.config';
import type { StaffRole } from '../playwright.config';
import {
  BREAKPOINTS,
  builtStylesheets,
  checkScreen,
  expectNoSidewaysScroll,
  expectTappable,
  navigateInApp,
  NARROWEST_PHONE,
  PHONES,
  roleReaches,
  routeTable,
  settle,
  STYLESHEET_WIDTHS,
  tapTargets,
} from './mobile-layout';
import { openRoute, routeValues } from './route-values';
import { demo, signedInAs, lockWithReason } from './support';

const STAFF = STAFF_ROLES;
const isProtected = (path: string) => path.startsWith('/agent') || path.startsWith('/admin');

/**
 * Opens a screen: the first of an app with a page load, every next one inside the app, as its links
 * and the Back button move (a reload per screen would start the app anew each time).
 */
async function openScreen(page: Page, url: string) {
  const target = new URL(url, DASHBOARD_URL);
  const current = page.url().startsWith('http') ? new URL(page.url()) : null;
  if (current === null || current.origin !== target.origin || current.pathname.endsWith('.json')) {
    await page.goto(url);
  } else {
    const dataRouter = target.origin === DASHBOARD_URL;
    await navigateInApp(page, `${target.pathname}${target.search}`, { dataRouter });
  }
}

async function visitAndCheck(page: Page, url: string, where: string) {
  await test.step(where, async () => {
    await openScreen(page, url);
    // A protected screen must be the one checked, not the sign-in it would fall back to.
    if (isProtected(new URL(url, 'http://host').pathname)) await expect(page).not.toHaveURL(/\/login$/);
    await settle(page);
    await checkScreen(page, where);
  });
}

/** Opens the dashboard signed in (the role's saved session) and waits for the landing screen. */
async function signIn(page: Page, role: StaffRole) {
  await signedInAs(page, role);
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);
}

async function signInToBench(page: Page, role: RoleName = 'Technical-Agent') {
  const { email, password } = demo(role);
  await page.goto(BURNIN_URL);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Burn-in bench' })).toBeVisible();
}

/** A dialog lies wholly inside the window, and its buttons can be tapped. */
async function expectDialogFits(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  const window = page.viewportSize();
  expect(box).not.toBeNull();
  expect(window).not.toBeNull();
  expect.soft(box!.x, `${name}: the dialog starts inside the window`).toBeGreaterThanOrEqual(0);
  expect
    .soft(box!.x + box!.width, `${name}: the dialog ends inside the window`)
    .toBeLessThanOrEqual(window!.width);
  expect.soft(box!.y, `${name}: the dialog's top is on screen`).toBeGreaterThanOrEqual(0);
  expect
    .soft(box!.y + box!.height, `${name}: the dialog's foot is on screen`)
    .toBeLessThanOrEqual(window!.height);
  await expectTappable(dialog.getByRole('button'), `${name} dialog`);
  await expectNoSidewaysScroll(page, `${name} dialog`);
}

/**
 * Seeded clients with an installed vehicle that only the phone test of that width locks, so the
 * command it leaves waiting meets no other test's (tests run two at a time).
 */
const LOCKED_BY_PHONE: Record<
  (typeof PHONES)[number]['width'],
  { name: string; search: string; vehicle: string }
> = {
  360: { name: 'Priya Sithole', search: 'Sithole', vehicle: 'RF 17 ZH GP' },
  390: { name: 'Thabo Govender', search: 'Govender', vehicle: 'RK 20 TX GP' },
};

test('no stylesheet changes layout between the phones and the 768 px breakpoint', () => {
  const preludes = builtStylesheets().flatMap((css) =>
    [...css.matchAll(/@media([^{]*)\{/g)].map((match) => match[1]!),
  );
  const widths = preludes.flatMap((prelude) =>
    [...prelude.matchAll(/width\s*[:<>]=?\s*(\d+)px/g)].map((match) => Number(match[1])),
  );
  expect(widths.length).toBeGreaterThan(0);
  expect(widths.filter((width) => !(STYLESHEET_WIDTHS as readonly number[]).includes(width))).toEqual([]);
});

test.describe(`on a ${NARROWEST_PHONE.width} × ${NARROWEST_PHONE.height} phone`, () => {
  test.use({ viewport: NARROWEST_PHONE, hasTouch: true, isMobile: true });

  test("the dashboard's public screens fit", async ({ page }) => {
    test.setTimeout(120_000);
    const paths = routeTable('dashboard').filter((path) => !isProtected(path));
    expect(paths).toContain('/login');
    for (const path of [...paths, '/no/such/page']) await visitAndCheck(page, path, `dashboard ${path}`);
  });

  for (const role of STAFF) {
    test(`every dashboard screen a ${role} reaches fits`, async ({ page }) => {
      test.setTimeout(240_000);
      const values = await routeValues(role);
      await signIn(page, role);
      const paths = routeTable('dashboard').filter((path) => isProtected(path) && roleReaches(role, path));
      expect(paths).toContain('/agent/clients/all');
      for (const path of paths) {
        await visitAndCheck(page, openRoute(path, values), `${role} at ${path}`);
      }
    });
  }

  test("the sign-up app's screens fit", async ({ page }) => {
    test.setTimeout(120_000);
    const paths = routeTable('signup');
    expect(paths).toContain('/sign-up');
    for (const path of [...paths, '/no/such/page']) {
      await visitAndCheck(page, `${SIGNUP_URL}${path}`, `sign-up app ${path}`);
    }
  });
});

for (const phone of PHONES) {
  test.describe(`on a ${phone.width} × ${phone.height} phone`, () => {
    test.use({ viewport: phone, hasTouch: true, isMobile: true });

    // On the narrowest phone the sign-up app's walk above checks /verify-account with its other
    // screens, the six boxes among the controls that must be thumb-sized.
    if (phone !== NARROWEST_PHONE) {
      test('the six OTP boxes are each a thumb-sized target', async ({ page }) => {
        await page.goto(`${SIGNUP_URL}/verify-account`);
        const boxes = page.getByRole('textbox', { name: /^Digit \d of 6$/ });
        await expect(boxes).toHaveCount(6);
        await expectTappable(boxes, 'OTP boxes');
        await expectNoSidewaysScroll(page, 'verify account');
      });
    }

    test('the burn-in bench and its sign-in fit, and its dialogs too', async ({ page }) => {
      await page.goto(BURNIN_URL);
      await settle(page);
      await checkScreen(page, 'bench sign-in');
      await signInToBench(page);
      await settle(page);
      await checkScreen(page, 'bench');
      await page.getByRole('button', { name: 'Add Device' }).click();
      await expectDialogFits(page, 'Add Device');
    });

    test("an agent finds a client, expands the vehicles, locks one, opens the account holder's contact dialog and the vehicle's history without scrolling sideways", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const client = LOCKED_BY_PHONE[phone.width];
      await signIn(page, 'Technical-Agent');
      await settle(page);
      await expectNoSidewaysScroll(page, 'client list');

      await page.getByRole('searchbox', { name: 'Search clients' }).fill(client.search);
      const show = page.getByRole('button', { name: `Show vehicles of ${client.name}` });
      await expectTappable(show, 'Show vehicles');
      await show.click();
      const card = page
        .getByRole('list', { name: 'Vehicles' })
        .getByRole('listitem')
        .filter({ hasText: client.vehicle });
      await expect(card).toBeVisible();
      await settle(page);
      await expectNoSidewaysScroll(page, 'expanded client');
      await expectTappable(tapTargets(card), 'vehicle card');

      // The map keeps a usable height, and the coordinates with 'Copy' sit below it, not inside.
      const copy = card.getByRole('button', { name: 'Copy coordinates' });
      await expect(copy).toBeVisible();
      const map = card.getByRole('group', { name: 'Vehicle location' });
      await expect(map).toBeVisible();
      const mapBox = (await map.boundingBox())!;
      const copyBox = (await copy.boundingBox())!;
      expect.soft(mapBox.height, 'the map is tall enough to read').toBeGreaterThanOrEqual(160);
      expect
        .soft(copyBox.y, "'Copy' sits below the map")
        .toBeGreaterThanOrEqual(mapBox.y + mapBox.height - 1);

      // Lock (with its reason) or Unlock, whichever the card offers: either sends the same kind of command.
      if ((await card.getByRole('button', { name: 'Lock', exact: true }).count()) > 0) {
        await lockWithReason(card);
      } else {
        await card.getByRole('button', { name: 'Unlock', exact: true }).click();
      }
      await expectNoSidewaysScroll(page, 'after the lock request');

      const menu = page.getByRole('button', { name: `More actions for ${client.name}` });
      await expectTappable(menu, 'client card menu');
      await menu.click();
      await page.getByRole('menuitem', { name: 'View account' }).click();
      await settle(page);
      await checkScreen(page, 'view account');

      // The account holder's contact dialog fits the phone with its buttons reachable.
      await page.getByRole('button', { name: /^Edit/ }).first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      const name =
        (await dialog.getAttribute('aria-label')) ?? (await dialog.getByRole('heading').first().innerText());
      await expectDialogFits(page, name);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await page.getByRole('link', { name: `Vehicle history of ${client.vehicle}` }).click();
      await expect(page.getByRole('heading', { name: 'Vehicle history' })).toBeVisible();
      await settle(page);
      await checkScreen(page, 'vehicle history');
    });
  });
}

for (const size of BREAKPOINTS) {
  test.describe(`at the ${size.width} px breakpoint`, () => {
    test.use({ viewport: size, hasTouch: true });

    test('the burn-in bench and its sign-in fit', async ({ page }) => {
      await page.goto(BURNIN_URL);
      await settle(page);
      await checkScreen(page, 'bench sign-in');
      await signInToBench(page);
      await settle(page);
      await checkScreen(page, 'bench');
    });

    test("the company screens and the dashboard's burn-in fit", async ({ page }) => {
      test.setTimeout(90_000);
      const values = await routeValues('Admin');
      await signIn(page, 'Admin');
      const paths = routeTable('dashboard').filter(
        (path) => path.startsWith('/agent/companies') || path === '/admin/add-company',
      );
      expect(paths.length).toBeGreaterThan(2);
      for (const path of paths) await visitAndCheck(page, openRoute(path, values), `companies ${path}`);
      await visitAndCheck(page, '/agent/burnin/all', 'dashboard burn-in');
    });
  });
}
