// Helpers of the phone-layout browser test: the apps' own route tables, and the checks every screen
// must pass on a narrow, touch-first screen.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { menuForRole, topTabsForRole } from '@sentinel/domain';
import type { RoleName } from '@sentinel/domain';
import { ROUTE_TABLES_FILE } from '../route-tables';
import type { RoutedApp } from '../route-tables';

/** The smallest comfortable touch target (WCAG 2.5.5, and the platforms' own guidelines). */
export const MIN_TARGET_PX = 44;

export const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;

/**
 * The narrowest and shortest phone, where every screen of every role is visited. No stylesheet
 * changes between 360 px and the 768 px breakpoint (mobile.spec.ts checks the built stylesheets for
 * it), so a screen that fits here fits on the wider phone too; there only the journeys run.
 */
export const NARROWEST_PHONE = PHONES[0];

/** The widths the apps' stylesheets switch layout at: the phone layout up to 768 px, the wide from 1031. */
export const STYLESHEET_WIDTHS = [768, 769, 1030, 1031] as const;

/** The stylesheets of the three apps' production builds, which the tests visit. */
export function builtStylesheets(): string[] {
  return ['dashboard', 'signup', 'burnin'].flatMap((app) => {
    const assets = join(import.meta.dirname, '..', '..', 'apps', app, 'dist', 'assets');
    return readdirSync(assets)
      .filter((file) => file.endsWith('.css'))
      .map((file) => readFileSync(join(assets, file), 'utf8'));
  });
}

/** The burn-in and company screens' two breakpoints (spec part 2, section 9). */
export const BREAKPOINTS = [
  { width: 768, height: 1024 },
  { width: 1030, height: 800 },
] as const;

/**
 * Every path of an app's route table, as the app declares it: global-setup.ts loads each app's own
 * `routes` module (the production build the tests visit keeps no readable copy) and writes the
 * paths to test-results, so a screen another change adds is visited without this test being edited.
 * Index routes give their parent's path (they redirect); '*' is left out.
 */
export function routeTable(app: RoutedApp): string[] {
  const tables = JSON.parse(readFileSync(ROUTE_TABLES_FILE, 'utf8')) as Record<RoutedApp, string[]>;
  return tables[app];
}

/** Fills a route's `:params`; a route with a parameter this test has no value for fails loudly. */
export function fillRoute(path: string, values: Record<string, number | string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No test value for :${name} in ${path}`);
    return String(value);
  });
}

/** The first two segments, e.g. '/agent/clients': the part of the product a path belongs to. */
const section = (path: string) => path.split('/').slice(0, 3).join('/');

/** A route a role reaches: its section is one its menu or top tabs lead to. */
export function roleReaches(role: RoleName, path: string): boolean {
  const destinations = [...menuForRole(role), ...topTabsForRole(role)].flatMap((item) =>
    item.path === undefined ? [] : [section(item.path)],
  );
  return destinations.includes(section(path));
}

/** Waits until the screen has its heading and nothing is still loading. */
export async function settle(page: Page) {
  await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
}

/**
 * The page scrolls only up and down: nothing makes the document wider than the window. The width is
 * the one the test set, not innerWidth: a mobile browser widens its layout viewport (zooming out)
 * to fit content that overflows, which would hide the very overflow under test.
 */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  const width = page.viewportSize()?.width ?? 0;
  const { scrollWidth, overflowing } = await page.evaluate((limit) => {
    // The innermost elements that reach past the window's right edge, to say what to fix.
    const past = [...document.body.querySelectorAll<HTMLElement>('*')].filter(
      (element) => element.getBoundingClientRect().right > limit + 0.5 && element.checkVisibility(),
    );
    const innermost = past.filter(
      (element) => !past.some((other) => other !== element && element.contains(other)),
    );
    return {
      scrollWidth: document.documentElement.scrollWidth,
      overflowing: innermost
        .slice(0, 5)
        .map((element) => `<${element.tagName.toLowerCase()} class="${String(element.className)}">`),
    };
  }, width);
  expect
    .soft(
      scrollWidth,
      `${where}: the page is ${scrollWidth} px wide on a ${width} px screen (${overflowing.join(', ')})`,
    )
    .toBeLessThanOrEqual(width);
}

/**
 * What a thumb taps: buttons (menus, tabs' triggers, icon buttons), tabs, selects, sliders, switches,
 * check boxes, text fields and the links that stand alone as controls. Links inside running text
 * are exempt, as WCAG exempts them.
 */
export function tapTargets(scope: Page | Locator): Locator {
  return scope
    .getByRole('button')
    .or(scope.getByRole('tab'))
    .or(scope.getByRole('combobox'))
    .or(scope.getByRole('switch'))
    .or(scope.getByRole('checkbox'))
    .or(scope.getByRole('radio'))
    .or(scope.getByRole('slider'))
    .or(scope.getByRole('textbox'))
    .or(scope.getByRole('searchbox'))
    .or(scope.getByRole('link'));
}

/**
 * Controls exempt as WCAG 2.5.8 exempts a target whose function another, full-sized control on the
 * page offers: the trip replay's event marks on its timeline, dense by nature, are shortcuts for
 * seeking that the timeline slider and the previous/next buttons give as well.
 */
const EQUIVALENT_ELSEWHERE = '[aria-label="Events"] button';

export interface TargetProblem {
  name: string;
  problem: string;
}

/**
 * Each target, scrolled into view, is at least 44 × 44 px (with its label, which taps it too) and
 * is what a tap at its centre reaches. Inline links inside text are left out.
 */
export async function targetProblems(targets: Locator): Promise<TargetProblem[]> {
  return targets.evaluateAll(
    (elements, { min, exempt }) => {
      const problems: { name: string; problem: string }[] = [];
      const nameOf = (element: Element) =>
        (
          element.getAttribute('aria-label') ??
          element.textContent?.trim() ??
          element.getAttribute('title') ??
          element.tagName
        ).slice(0, 60) || element.tagName.toLowerCase();
      const describe = (element: Element | null) =>
        element === null
          ? 'nothing'
          : `<${element.tagName.toLowerCase()}${element.className ? ` class="${String(element.className)}"` : ''}>`;
      for (const element of elements) {
        if (!(element instanceof HTMLElement) || !element.checkVisibility()) continue;
        if (element.matches(exempt)) continue;
        const style = getComputedStyle(element);
        // A link inside a sentence is exempt; a link standing alone (a tab, a list entry) is not.
        const inSentence =
          element.parentElement !== null &&
          element.parentElement.textContent?.trim() !== element.textContent?.trim();
        if (element instanceof HTMLAnchorElement && style.display === 'inline' && inSentence) continue;
        element.scrollIntoView({ block: 'center', inline: 'center' });
        const own = element.getBoundingClientRect();
        if (own.width === 0 || own.height === 0) continue;
        // A label taps its control, so a small box with a wide label is one big target.
        const labels = 'labels' in element ? [...((element as HTMLInputElement).labels ?? [])] : [];
        const boxes = [own, ...labels.map((label) => label.getBoundingClientRect())];
        const width = Math.max(...boxes.map((box) => box.right)) - Math.min(...boxes.map((box) => box.left));
        const height = Math.max(...boxes.map((box) => box.bottom)) - Math.min(...boxes.map((box) => box.top));
        const name = nameOf(element);
        if (Math.round(width) < min || Math.round(height) < min) {
          problems.push({ name, problem: `${Math.round(width)} × ${Math.round(height)} px` });
        }
        const x = own.left + own.width / 2;
        const y = own.top + own.height / 2;
        const hit = document.elementFromPoint(x, y);
        const reached =
          hit !== null &&
          (hit === element || element.contains(hit) || labels.some((label) => label.contains(hit)));
        if (!reached) problems.push({ name, problem: `a tap at its centre reaches ${describe(hit)}` });
      }
      window.scrollTo(0, 0);
      return problems;
    },
    { min: MIN_TARGET_PX, exempt: EQUIVALENT_ELSEWHERE },
  );
}

export async function expectTappable(targets: Locator, where: string) {
  const problems = await targetProblems(targets);
  expect
    .soft(
      problems.map((item) => `${item.name}: ${item.problem}`),
      `${where}: every control is at least ${MIN_TARGET_PX} × ${MIN_TARGET_PX} px and tappable`,
    )
    .toEqual([]);
}

/**
 * Text cut off with an ellipsis keeps its whole value reachable: a title on it or around it.
 * Text that overflows without being cut (and so spills out of its box) is reported too.
 */
export async function truncatedWithoutTitle(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (element.scrollWidth <= element.clientWidth + 1 || element.clientWidth === 0) continue;
      const style = getComputedStyle(element);
      const clips = style.overflowX !== 'visible';
      if (clips && style.textOverflow !== 'ellipsis') continue; // a scroller, e.g. a tab row
      if (!element.checkVisibility()) continue;
      const text = element.textContent?.trim() ?? '';
      if (text === '' || element.children.length > 0) continue;
      if (clips && element.closest('[title]')?.getAttribute('title')?.includes(text)) continue;
      found.push(`${text.slice(0, 60)} (${clips ? 'cut off without a title' : 'spills out of its box'})`);
    }
    return found;
  });
}

export async function expectLongValuesReachable(page: Page, where: string) {
  expect
    .soft(await truncatedWithoutTitle(page), `${where}: long values wrap, or keep a title when cut`)
    .toEqual([]);
}

/** All three checks of a screen. */
export async function checkScreen(page: Page, where: string) {
  await expectNoSidewaysScroll(page, where);
  await expectTappable(tapTargets(page), where);
  await expectLongValuesReachable(page, where);
}
