import { expect, test } from '@playwright/test';
import { ACCESS_TOKEN_TTL_SECONDS, API_URL } from '../playwright.config';
import { signInAs, storedUser } from './support';

// The browser's clock is moved past the access token's life (six hours here, playwright.config.ts),
// so the dashboard sees its token as expired by the exp claim and has to refresh before its next call.
const PAST_EXPIRY = (ACCESS_TOKEN_TTL_SECONDS + 5 * 60) * 1000;

test('an expired access token is refreshed without the user noticing', async ({ page }) => {
  await page.clock.install();
  await signInAs(page, 'Admin');
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);
  const before = await storedUser(page);

  await page.clock.fastForward(PAST_EXPIRY);
  const refreshed = page.waitForResponse(
    (r) => r.url().endsWith('/Auth/RefreshTokens') && r.status() === 200,
  );
  await page.getByRole('searchbox', { name: 'Search clients' }).fill('Thandi');
  await refreshed;

  await expect(
    page.getByRole('list', { name: 'Results' }).getByRole('heading', { name: 'Thandi Nkosi' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);
  // The rotated pair is stored once the refresh answer has been read.
  await expect.poll(async () => (await storedUser(page))?.refreshToken).not.toBe(before?.refreshToken);
  const after = await storedUser(page);
  expect(after?.accessToken).not.toBe(before?.accessToken);
  expect(after?.userId).toBe(before?.userId);
});

test('a refused refresh signs the user out', async ({ page }) => {
  await page.clock.install();
  await signInAs(page, 'Technical-Agent');
  await expect(page).toHaveURL(/\/agent\/clients\/all$/);
  const user = await storedUser(page);

  // Someone replays the session's refresh token twice: the server revokes the whole family.
  for (let i = 0; i < 2; i += 1) {
    await fetch(`${API_URL}/Auth/RefreshTokens`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ accessToken: user?.accessToken, refreshToken: user?.refreshToken }),
    });
  }

  await page.clock.fastForward(PAST_EXPIRY);
  // The next call needs a refresh: this search, or the live connection reconnecting after the jump
  // in time, whichever comes first; either way the session ends.
  await page
    .getByRole('searchbox', { name: 'Search clients' })
    .fill('Thandi', { timeout: 3_000 })
    .catch(() => undefined);

  await expect(page).toHaveURL(/\/login$/);
  expect(await storedUser(page)).toBeNull();
});
