import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ClientCard } from '../client-card';
import { VirtualList } from './virtual-list';

interface DemoClient {
  id: number;
  name: string;
  email: string;
}

const CLIENTS: DemoClient[] = Array.from({ length: 2000 }, (_, index) => ({
  id: index + 1,
  name: `Client ${index + 1}`,
  email: `client${index + 1}@example.co.za`,
}));

function ExpandableClient({ client }: { client: DemoClient }) {
  const [expanded, setExpanded] = useState(false);
  return (
    <ClientCard
      name={client.name}
      email={client.email}
      phone="+27 821234567"
      tamperActive={client.id % 7 === 0}
      expanded={expanded}
      onExpandedChange={setExpanded}
      onAddVehicle={fn()}
      onViewAccount={fn()}
    >
      <p>No vehicles yet.</p>
    </ClientCard>
  );
}

const meta = {
  title: 'Widgets/VirtualList',
  component: VirtualList<DemoClient>,
  parameters: {
    docs: {
      description: {
        component:
          "A long list rendered virtually, rows measured as they render.\n\n**Do:** Use it for lists of hundreds or more; give each row a stable key.\n\n**Don't:** Cut lists off silently: page on the server and say how many there are.",
      },
    },
  },
  args: {
    label: 'Clients',
    items: CLIENTS,
    estimateSize: 180,
    height: 600,
    getKey: (client: DemoClient) => client.id,
    renderItem: (client: DemoClient) => <ExpandableClient client={client} />,
  },
} satisfies Meta<typeof VirtualList<DemoClient>>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 2,000 client cards; expand one and the rows below move down. */
export const Clients: Story = {};
