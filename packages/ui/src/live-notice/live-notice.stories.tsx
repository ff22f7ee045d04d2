import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { LiveNotice } from './live-notice';

const meta = {
  title: 'Widgets/LiveNotice',
  component: LiveNotice,
  parameters: {
    docs: {
      description: {
        component:
          "A short-lived notice of a live event (e.g. a tamper alert), announced to screen readers.\n\n**Do:** Keep the title short and the description specific (which vehicle).\n\n**Don't:** Use it for errors the person must act on: it disappears after 10 seconds.",
      },
    },
  },
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
