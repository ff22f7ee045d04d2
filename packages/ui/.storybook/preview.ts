import type { Preview } from '@storybook/react-vite';
import '../src/styles.css';
import './preview.css';

const preview: Preview = {
  parameters: {
    // Every story is an accessibility check: violations fail the story's test, not just warn.
    a11y: { test: 'error' },
    layout: 'padded',
  },
  globalTypes: {
    theme: {
      description: 'The kit theme: data-theme on <html>, which switches the design tokens',
      toolbar: {
        title: 'Theme',
        icon: 'contrast',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
        ],
        dynamicTitle: true,
      },
    },
  },
  decorators: [
    (Story, context) => {
      // Only when the toolbar chose one: the browser test sets the theme itself.
      const theme: unknown = context.globals['theme'];
      if (theme === 'light' || theme === 'dark') document.documentElement.dataset['theme'] = theme;
      return Story();
    },
  ],
};

export default preview;
