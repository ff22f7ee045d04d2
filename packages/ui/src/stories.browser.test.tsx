// Every story in a real browser, in each theme: jsdom has no layout, so axe cannot measure colour
// contrast there; here it can. The dark theme is the kit's token override under data-theme="dark".
import { cleanup } from '@testing-library/react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import type { Meta, StoryFn } from '@storybook/react-vite';
import type { A11yParameters } from '@storybook/addon-a11y';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import previewAnnotations from '../.storybook/preview';
import { axeViolations } from './test-utils/axe';

type StoryModule = { default: Meta } & Record<string, StoryFn | Meta>;

const storyModules = import.meta.glob<StoryModule>('./**/*.stories.tsx', { eager: true });

setProjectAnnotations(previewAnnotations);

describe.each(['light', 'dark'] as const)('given the %s theme', (theme) => {
  beforeAll(() => {
    document.documentElement.dataset['theme'] = theme;
  });
  afterAll(() => {
    delete document.documentElement.dataset['theme'];
  });

  describe.each(Object.entries(storyModules))('and the stories in %s', (_file, storyModule) => {
    it.each(Object.entries(composeStories(storyModule)))(
      'renders %s with readable colours and no other accessibility violations',
      async (_name, Story) => {
        const canvasElement = document.createElement('div');
        document.body.append(canvasElement);
        try {
          await Story.run({ canvasElement });
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
