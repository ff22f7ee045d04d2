// Every story is also an accessibility test: each one is composed with the real Storybook preview,
// rendered (its play function included, so an opened menu is checked open) and run through axe-core.
// Storybook's a11y addon repeats the check in a real browser, where colour contrast can be measured.
import { cleanup } from '@testing-library/react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import type { Meta, StoryFn } from '@storybook/react-vite';
import type { A11yParameters } from '@storybook/addon-a11y';
import { beforeAll, describe, expect, it } from 'vitest';
import previewAnnotations from '../.storybook/preview';
import { axeViolations } from './test-utils/axe';

type StoryModule = { default: Meta } & Record<string, StoryFn | Meta>;

const storyModules = import.meta.glob<StoryModule>('./**/*.stories.tsx', { eager: true });

beforeAll(() => {
  setProjectAnnotations(previewAnnotations);
});

describe.each(Object.entries(storyModules))('given the stories in %s', (_file, storyModule) => {
  const stories = Object.entries(composeStories(storyModule));

  it('has at least one story', () => {
    expect(stories.length).toBeGreaterThan(0);
  });

  it.each(stories)('renders %s with no accessibility violations', async (_name, Story) => {
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
  });
});
