// `pnpm --filter @sentinel/e2e walk`: a picture of every screen, as a newcomer would look at them
// before a release. Each route of the dashboard (as each staff role that reaches it) and of the
// sign-up app, at 1440 px and at 390 px, into test-results/walk/<width>/ (not committed). It fails
// only when a screen cannot be opened: looking at the pictures is the point.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { SIGNUP_URL, STAFF_ROLES } from '../playwright.config';
import { roleReaches, routeTable, settle } from '../tests/mobile-layout';
import { openRoute, routeValues } from '../tests/route-values';
import { signedInAs } from '../tests/support';

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
const OUT = join(import.meta.dirname, '..', 'test-results', 'walk');
const fileName = (who: string, path: string) =>
  `${who}${path.replaceAll('/', '_').replaceAll(':', '') || '_'}.png`.replaceAll(/[^\w.-]/g, '-');

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    for (const role of STAFF_ROLES) {
      test(`the dashboard as ${role}`, async ({ page }) => {
        test.setTimeout(240_000);
        const folder = join(OUT, String(size.width));
        mkdirSync(folder, { recursive: true });
        const values = await routeValues(role);
        await signedInAs(page, role);
        const reached = routeTable('dashboard').filter(
          (path) => path.startsWith('/agent') && roleReaches(role, path),
        );
        for (const path of reached) {
          await test.step(path, async () => {
            await page.goto(openRoute(path, values));
            await expect(page).not.toHaveURL(/\/login$/);
            await settle(page);
            await page.screenshot({ path: join(folder, fileName(role, path)), fullPage: true });
          });
        }
      });
    }

    test('the signed-out screens: sign-in and the sign-up app', async ({ page }) => {
      test.setTimeout(120_000);
      const folder = join(OUT, String(size.width));
      mkdirSync(folder, { recursive: true });
      for (const path of ['/login', '/forgot-password']) {
        await page.goto(path);
        await settle(page);
        await page.screenshot({ path: join(folder, fileName('dashboard', path)), fullPage: true });
      }
      for (const path of routeTable('signup').filter((route) => !route.includes(':'))) {
        await page.goto(`${SIGNUP_URL}${path}`);
        await settle(page);
        await page.screenshot({ path: join(folder, fileName('signup', path)), fullPage: true });
      }
    });
  });
}
