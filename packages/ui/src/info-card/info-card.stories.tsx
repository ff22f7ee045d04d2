import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Button } from '../button';
import { InfoCard } from './info-card';
import { personInfoRows, vehicleInfoRows } from './info-rows';

const meta = {
  title: 'Widgets/InfoCard',
  component: InfoCard,
  parameters: {
    docs: {
      description: {
        component:
          "A read-only block of label/value rows (person or vehicle details).\n\n**Do:** Build the rows with `personInfoRows`/`vehicleInfoRows` so labels match the spec.\n\n**Don't:** Put editable fields in it (use TextField in a form).",
      },
    },
  },
  args: {
    title: 'Account holder',
    rows: personInfoRows({
      email: 'holder@sentinel.demo',
      phoneCode: '27',
      phoneNumber: '821234567',
      idNumber: '9001015009087',
    }),
    onEdit: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof InfoCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AccountHolder: Story = {};

export const Vehicle: Story = {
  args: {
    title: 'CA 123-456',
    onEdit: undefined,
    rows: vehicleInfoRows({
      make: 'Toyota',
      model: 'Corolla',
      registrationYear: '2019',
      vehicleColour: 'White',
      vinNumber: 'AHTBB3QE000000001',
      engineNumber: '2ZR1234567',
    }),
    historyLink: (
      <a className="sn-icon-button" href="#history" aria-label="Vehicle history">
        ⟲
      </a>
    ),
    menuItems: [
      { label: 'View Account', onSelect: fn() },
      { label: 'Add Vehicle', onSelect: fn() },
    ],
  },
};

export const CompanyUser: Story = {
  args: {
    title: 'Lerato Mokoena',
    onEdit: undefined,
    children: (
      <Button variant="danger" style={{ marginTop: 16 }}>
        Remove from company
      </Button>
    ),
  },
};
