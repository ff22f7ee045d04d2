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
 * Moves the open app to another of its routes the way its own links and the Back button do (the
 * History API and a `popstate` event), without reloading the page: each screen after the first
 * then costs its own rendering and data, not a new start of the app. Resolves once the app shows
 * the route: with React Router's data router (the dashboard), when the router is idle at the
 * window's path and React has committed that state, two frames in a row, so a route that
 * redirects (an index route) has moved on too; the sign-up app's router renders in the same task.
 */
export async function navigateInApp(page: Page, path: string, { dataRouter }: { dataRouter: boolean }) {
  await page.evaluate(
    async ({ path, dataRouter, timeout }) => {
      interface Fiber {
        child: Fiber | null;
        sibling: Fiber | null;
        memoizedProps: Record<string, unknown> | null;
      }
      interface RouterState {
        navigation: { state: string };
        location: { pathname: string };
      }
      const deadline = performance.now() + timeout;
      const nextFrame = async (waitingFor: string) => {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        if (performance.now() > deadline) throw new Error(`${waitingFor} on ${location.href}`);
      };
      // The app may still be starting (it reads its settings first).
      const rootFiber = () => {
        const container = document.getElementById('root') as (HTMLElement & Record<string, unknown>) | null;
        const key = container && Object.keys(container).find((name) => name.startsWith('__reactContainer$'));
        return container && key ? (container[key] as { stateNode: { current: Fiber } }).stateNode : null;
      };
      while (rootFiber() === null) await nextFrame('No React app');
      const fiberRoot = rootFiber()!;
      const find = (from: Fiber | null, test: (fiber: Fiber) => boolean): Fiber | null => {
        for (let fiber = from; fiber !== null; fiber = fiber.sibling) {
          if (test(fiber)) return fiber;
          const found = find(fiber.child, test);
          if (found) return found;
        }
        return null;
      };
      // The router (RouterProvider's prop) and the state the committed screen was rendered from.
      const routerNow = () => {
        const provider = find(fiberRoot.current, (fiber) => {
          const router = fiber.memoizedProps?.router as { state?: unknown } | undefined;
          return typeof router?.state === 'object';
        });
        if (provider === null) return null;
        const router = provider.memoizedProps!.router as { state: RouterState };
        const shown = find(provider.child, (fiber) => {
          const value = fiber.memoizedProps?.value as Record<string, unknown> | undefined;
          return typeof value === 'object' && value !== null && 'navigation' in value && 'matches' in value;
        });
        return { state: router.state, shown: shown?.memoizedProps!.value };
      };
      while (dataRouter && routerNow() === null) await nextFrame('No data router');

      const index = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: index }, '', path);
      window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));

      for (let steady = 0; steady < 2;) {
        await nextFrame(`The app did not finish moving to ${path}`);
        const now = dataRouter ? routerNow() : null;
        const done =
          now === null ||
          (now.state.navigation.state === 'idle' &&
            now.shown === now.state &&
            now.state.location.pathname === location.pathname);
        steady = done ? steady + 1 : 0;
      }
    },
    { path, dataRouter, timeout: 15_000 },
  );
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

interface InspectOptions {
  /** The window's width as the test set it. */
  limit: number;
  min: number;
  exempt: string;
  sideways: boolean;
  targets: boolean;
  longValues: boolean;
}

interface Inspection {
  scrollWidth: number;
  overflowing: string[];
  targetProblems: TargetProblem[];
  truncated: string[];
}

/**
 * The three checks of a screen, in the page in one pass (one round trip): `elements` are the tap
 * targets (Playwright resolves their roles); each part runs when asked.
 */
function inspectScreen(elements: Element[], options: InspectOptions): Inspection {
  const { limit, min, exempt } = options;
  const result: Inspection = { scrollWidth: 0, overflowing: [], targetProblems: [], truncated: [] };

  // The page scrolls only up and down: nothing makes the document wider than the window. The width
  // is the one the test set, not innerWidth: a mobile browser widens its layout viewport (zooming
  // out) to fit content that overflows, which would hide the very overflow under test.
  if (options.sideways) {
    // The innermost elements that reach past the window's right edge, to say what to fix.
    const past = [...document.body.querySelectorAll<HTMLElement>('*')].filter(
      (element) => element.getBoundingClientRect().right > limit + 0.5 && element.checkVisibility(),
    );
    const innermost = past.filter(
      (element) => !past.some((other) => other !== element && element.contains(other)),
    );
    result.scrollWidth = document.documentElement.scrollWidth;
    result.overflowing = innermost
      .slice(0, 5)
      .map((element) => `<${element.tagName.toLowerCase()} class="${String(element.className)}">`);
  }

  // Each target, scrolled into view, is at least 44 × 44 px (with its label, which taps it too) and
  // is what a tap at its centre reaches. Inline links inside text are left out.
  if (options.targets) {
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
        result.targetProblems.push({ name, problem: `${Math.round(width)} × ${Math.round(height)} px` });
      }
      const x = own.left + own.width / 2;
      const y = own.top + own.height / 2;
      const hit = document.elementFromPoint(x, y);
      const reached =
        hit !== null &&
        (hit === element || element.contains(hit) || labels.some((label) => label.contains(hit)));
      if (!reached)
        result.targetProblems.push({ name, problem: `a tap at its centre reaches ${describe(hit)}` });
    }
    window.scrollTo(0, 0);
  }

  // Text cut off with an ellipsis keeps its whole value reachable: a title on it or around it.
  // Text that overflows without being cut (and so spills out of its box) is reported too.
  if (options.longValues) {
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (element.scrollWidth <= element.clientWidth + 1 || element.clientWidth === 0) continue;
      const style = getComputedStyle(element);
      const clips = style.overflowX !== 'visible';
      if (clips && style.textOverflow !== 'ellipsis') continue; // a scroller, e.g. a tab row
      if (!element.checkVisibility()) continue;
      const text = element.textContent?.trim() ?? '';
      if (text === '' || element.children.length > 0) continue;
      if (clips && element.closest('[title]')?.getAttribute('title')?.includes(text)) continue;
      result.truncated.push(
        `${text.slice(0, 60)} (${clips ? 'cut off without a title' : 'spills out of its box'})`,
      );
    }
  }
  return result;
}

type Part = 'sideways' | 'targets' | 'longValues';

async function inspect(page: Page, targets: Locator | null, parts: Part[]): Promise<Inspection> {
  const options: InspectOptions = {
    limit: page.viewportSize()?.width ?? 0,
    min: MIN_TARGET_PX,
    exempt: EQUIVALENT_ELSEWHERE,
    sideways: parts.includes('sideways'),
    targets: parts.includes('targets'),
    longValues: parts.includes('longValues'),
  };
  // Without targets, the document element stands in: the function is the same either way.
  return (targets ?? page.locator(':root')).evaluateAll(inspectScreen, options);
}

function reportSideways(page: Page, where: string, { scrollWidth, overflowing }: Inspection) {
  const width = page.viewportSize()?.width ?? 0;
  expect
    .soft(
      scrollWidth,
      `${where}: the page is ${scrollWidth} px wide on a ${width} px screen (${overflowing.join(', ')})`,
    )
    .toBeLessThanOrEqual(width);
}

function reportTargets(where: string, problems: TargetProblem[]) {
  expect
    .soft(
      problems.map((item) => `${item.name}: ${item.problem}`),
      `${where}: every control is at least ${MIN_TARGET_PX} × ${MIN_TARGET_PX} px and tappable`,
    )
    .toEqual([]);
}

function reportLongValues(where: string, truncated: string[]) {
  expect.soft(truncated, `${where}: long values wrap, or keep a title when cut`).toEqual([]);
}

/** The page scrolls only up and down: nothing makes the document wider than the window. */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  reportSideways(page, where, await inspect(page, null, ['sideways']));
}

/**
 * Each target, scrolled into view, is at least 44 × 44 px (with its label, which taps it too) and
 * is what a tap at its centre reaches. Inline links inside text are left out.
 */
export async function targetProblems(targets: Locator): Promise<TargetProblem[]> {
  return (await inspect(targets.page(), targets, ['targets'])).targetProblems;
}

export async function expectTappable(targets: Locator, where: string) {
  reportTargets(where, await targetProblems(targets));
}

/** Text cut off without a title on it or around it, and text that spills out of its box. */
export async function truncatedWithoutTitle(page: Page): Promise<string[]> {
  return (await inspect(page, null, ['longValues'])).truncated;
}

export async function expectLongValuesReachable(page: Page, where: string) {
  reportLongValues(where, await truncatedWithoutTitle(page));
}

/** All three checks of a screen, in one pass in the page. */
export async function checkScreen(page: Page, where: string) {
  const found = await inspect(page, tapTargets(page), ['sideways', 'targets', 'longValues']);
  reportSideways(page, where, found);
  reportTargets(where, found.targetProblems);
  reportLongValues(where, found.truncated);
}
