import type { Preview } from '@storybook/react-vite';
import '../src/styles.css';

const preview: Preview = {
  parameters: {
    // Every story is an accessibility check: violations fail the story's test, not just warn.
    a11y: { test: 'error' },
    layout: 'padded',
    backgrounds: { options: { page: { name: 'Page', value: '#f3f5f9' } } },
  },
  initialGlobals: { backgrounds: { value: 'page' } },
};

export default preview;
