import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { LiveNotice } from './live-notice';

const meta = {
  title: 'Widgets/LiveNotice',
  component: LiveNotice,
  args: {
    // Long enough to look at in Storybook.
    duration: 600_000,
    onDismiss: fn(),
    notices: [
      {
        id: 1,
        title: 'Tamper alert: Bakkie (CA 123-456)',
        description: 'Thandi Nkosi · car battery disconnected',
      },
      { id: 2, title: 'Tamper alert: Polo (GP 77-88)' },
    ],
  },
  decorators: [
    (Story) => (
      <div style={{ minHeight: 240 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof LiveNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TwoTamperAlerts: Story = {};

export const Empty: Story = { args: { notices: [] } };
