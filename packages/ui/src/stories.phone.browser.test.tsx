// Every story again on a phone, at the Storybook preview's 'phone360' viewport: the widget fits the
// screen's width and passes the accessibility check there too.
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

const viewport = previewAnnotations.parameters?.['viewport'] as ViewportParameters['viewport'] | undefined;
const phone = viewport?.options?.['phone360'];
if (phone === undefined) throw new Error("The Storybook preview lists no 'phone360' viewport.");
const width = Number.parseInt(phone.styles.width, 10);
const height = Number.parseInt(phone.styles.height, 10);

setProjectAnnotations(previewAnnotations);

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

describe(`on a ${phone.name}`, () => {
  beforeAll(async () => {
    await page.viewport(width, height);
  });
  afterAll(async () => {
    await page.viewport(1280, 800);
  });

  describe.each(Object.entries(storyModules))('the stories in %s', (_file, storyModule) => {
    it.each(Object.entries(composeStories(storyModule)))(
      'render %s within the screen with no accessibility violations',
      async (_name, Story) => {
        const canvasElement = document.createElement('div');
        document.body.append(canvasElement);
        try {
          await Story.run({ canvasElement });
          expect(window.innerWidth).toBe(width);
          expect(document.documentElement.scrollWidth, overflowing(width)).toBeLessThanOrEqual(width);
          const a11y = Story.parameters['a11y'] as A11yParameters | undefined;
          expect(await axeViolations(document.body, a11y?.config?.rules ?? [])).toEqual([]);
        } finally {
          cleanup();
          canvasElement.remove();
        }
      },
    );
  });
});
