import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ClientCard } from './client-card';

const meta = {
  title: 'Widgets/ClientCard',
  component: ClientCard,
  parameters: {
    docs: {
      description: {
        component:
          "An account holder: contact details, vehicle counts, menu and the vehicles list.\n\n**Do:** Pass the client's vehicles as children (e.g. VehicleCards) and control `expanded` from the list.\n\n**Don't:** Fetch the vehicles inside the card: the app loads them when `onExpandedChange` opens it.",
      },
    },
  },
  args: {
    name: 'Thandi Nkosi',
    email: 'holder@sentinel.demo',
    phone: '+27 821234567',
    vehicleCounts: { withDevice: 2, withoutDevice: 1 },
    tamperActive: false,
    expanded: false,
    onExpandedChange: fn(),
    onAddVehicle: fn(),
    onViewAccount: fn(),
    children: <p style={{ padding: '0 24px 16px' }}>Vehicles go here.</p>,
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ClientCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Collapsed: Story = {};

export const Expanded: Story = { args: { expanded: true } };

export const ActiveAlert: Story = { args: { tamperActive: true } };

export const Interactive: Story = {
  render: function InteractiveClientCard(args) {
    const [expanded, setExpanded] = useState(args.expanded);
    return <ClientCard {...args} expanded={expanded} onExpandedChange={setExpanded} />;
  },
};
