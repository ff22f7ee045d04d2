import type { Preview } from '@storybook/react-vite';
import { MINIMAL_VIEWPORTS } from 'storybook/viewport';
import '../src/styles.css';
import './preview.css';

const preview: Preview = {
  // A docs page per component: its description (what it is, do and don't) and the props table.
  tags: ['autodocs'],
  parameters: {
    // Every story is an accessibility check: violations fail the story's test, not just warn.
    a11y: { test: 'error' },
    layout: 'padded',
    // The phones the apps are tested on, in the toolbar beside Storybook's own sizes; the phone
    // browser test renders every story at phone360.
    viewport: {
      options: {
        ...MINIMAL_VIEWPORTS,
        phone360: { name: 'Phone 360 × 740', styles: { width: '360px', height: '740px' }, type: 'mobile' },
        phone390: { name: 'Phone 390 × 844', styles: { width: '390px', height: '844px' }, type: 'mobile' },
      },
    },
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
