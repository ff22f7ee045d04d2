// Every story is an accessibility test, in a real browser where axe can measure colour contrast (jsdom
// has no layout, so it cannot). Each story is composed with the Storybook preview and rendered once,
// its play function included (so an opened menu is checked open); that one render is checked in the
// light theme, in the dark one (the kit's token override under data-theme="dark") and at the preview's
// 'phone360' viewport, where it must also fit the screen's width.
import { cleanup } from '@testing-library/react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import type { Meta, StoryFn } from '@storybook/react-vite';
import type { A11yParameters } from '@storybook/addon-a11y';
import type { ViewportParameters } from 'storybook/viewport';
import { page } from 'vitest/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import previewAnnotations from '../.storybook/preview';
import { axeViolations } from './test-utils/axe';

type StoryModule = { default: Meta } & Record<string, StoryFn | Meta>;

const storyModules = import.meta.glob<StoryModule>('./**/*.stories.tsx', { eager: true });

const desktop = { width: 1280, height: 800 };
/** axe's rules whose answer depends on colours, the one thing a theme changes. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const viewport = previewAnnotations.parameters?.['viewport'] as ViewportParameters['viewport'] | undefined;
const phoneOption = viewport?.options?.['phone360'];
if (phoneOption === undefined) throw new Error("The Storybook preview lists no 'phone360' viewport.");
const phone = {
  name: phoneOption.name,
  width: Number.parseInt(phoneOption.styles.width, 10),
  height: Number.parseInt(phoneOption.styles.height, 10),
};

setProjectAnnotations(previewAnnotations);

// The theme changes on a rendered story, so colour transitions (a button's background) would still be
// fading when axe measures: without them the new theme's colours apply at once.
const noTransitions = document.createElement('style');
noTransitions.textContent = '*, *::before, *::after { transition: none !important; }';

beforeAll(() => {
  document.head.append(noTransitions);
});
afterAll(async () => {
  noTransitions.remove();
  delete document.documentElement.dataset['theme'];
  await page.viewport(desktop.width, desktop.height);
});

/** The innermost elements reaching past the screen's right edge, to say what to fix. */
function overflowing(limit: number): string {
  const past = [...document.body.querySelectorAll<HTMLElement>('*')].filter(
    (element) => element.getBoundingClientRect().right > limit + 0.5,
  );
  return past
    .filter((element) => !past.some((other) => other !== element && element.contains(other)))
    .map((element) => `<${element.tagName.toLowerCase()} class="${String(element.className)}">`)
    .join(', ');
}

/**
 * Resizes the page and waits for what a resize sets off to settle: a popper (an open menu) places
 * itself again on the resize event, a frame or two later.
 */
async function resize(size: { width: number; height: number }): Promise<void> {
  if (window.innerWidth === size.width && window.innerHeight === size.height) return;
  await page.viewport(size.width, size.height);
  for (let frame = 0; frame < 3; frame += 1) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

describe.each(Object.entries(storyModules))('given the stories in %s', (_file, storyModule) => {
  const stories = Object.entries(composeStories(storyModule));

  it('has at least one story', () => {
    expect(stories.length).toBeGreaterThan(0);
  });

  it.each(stories)(
    `renders %s with readable colours in the light and dark themes and within a ${phone.name}, with no accessibility violations`,
    async (_name, Story) => {
      await resize(desktop);
      document.documentElement.dataset['theme'] = 'light';
      const canvasElement = document.createElement('div');
      document.body.append(canvasElement);
      try {
        await Story.run({ canvasElement });
        const a11y = Story.parameters['a11y'] as A11yParameters | undefined;
        const rules = a11y?.config?.rules ?? [];
        expect(await axeViolations(document.body, rules), 'light theme').toEqual([]);

        // The theme changes colours and nothing else, so the dark one asks only the rules that
        // read colours (each axe run costs the test as much as a render).
        document.documentElement.dataset['theme'] = 'dark';
        expect(await axeViolations(document.body, rules, COLOUR_RULES), 'dark theme').toEqual([]);

        document.documentElement.dataset['theme'] = 'light';
        await resize(phone);
        expect(window.innerWidth).toBe(phone.width);
        expect(document.documentElement.scrollWidth, overflowing(phone.width)).toBeLessThanOrEqual(
          phone.width,
        );
        expect(await axeViolations(document.body, rules), phone.name).toEqual([]);
      } finally {
        cleanup();
        canvasElement.remove();
      }
    },
  );
});
