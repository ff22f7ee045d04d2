import type { Meta, StoryObj } from '@storybook/react-vite';
import { EmptyState } from './empty-state';

const meta = {
  title: 'Primitives/EmptyState',
  component: EmptyState,
  parameters: {
    docs: {
      description: {
        component:
          "What a list shows when it has nothing, and what to do next.\n\n**Do:** Say why the list is empty and offer the next step as an action.\n\n**Don't:** Use it for errors (use Alert) or while loading (use Spinner).",
      },
    },
  },
  args: { title: 'No history' },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TitleOnly: Story = {};

export const WithDescriptionAndIcon: Story = {
  args: {
    title: 'There are no installations scheduled',
    description: 'Booked installations appear here with their fitment centre and time.',
    icon: (
      <svg viewBox="0 0 24 24" width="40" height="40" fill="none" stroke="currentColor" strokeWidth="1.5">
        <rect x="3" y="5" width="18" height="16" rx="2" />
        <path d="M3 10h18M8 3v4M16 3v4" strokeLinecap="round" />
      </svg>
    ),
  },
};
