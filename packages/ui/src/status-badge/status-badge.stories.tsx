import type { Meta, StoryObj } from '@storybook/react-vite';
import { BADGE } from '@sentinel/domain';
import { StatusBadge } from './status-badge';

const meta = {
  title: 'Widgets/StatusBadge',
  component: StatusBadge,
  parameters: {
    docs: {
      description: {
        component:
          "A vehicle's status: alert, low batteries, locked, unlocked, no device or unknown.\n\n**Do:** Pass the domain's `badgeState()` result, live values merged in.\n\n**Don't:** Choose the badge in the app by hand: the precedence lives in the domain.",
      },
    },
  },
  args: { badge: BADGE.locked },
} satisfies Meta<typeof StatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Locked: Story = {};

export const Alert: Story = { args: { badge: BADGE.alert } };

export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      {Object.values(BADGE).map((badge) => (
        <StatusBadge key={badge.state} badge={badge} />
      ))}
    </div>
  ),
};
