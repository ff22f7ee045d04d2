import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CompanyCard } from './company-card';

const meta = {
  title: 'Widgets/CompanyCard',
  component: CompanyCard,
  parameters: {
    docs: {
      description: {
        component:
          "A company in the companies list; a click anywhere on it opens the company.\n\n**Do:** Pass `onOpen` and the delete action together, as the list shows them.\n\n**Don't:** Put other buttons inside without lifting them above the card's cover link.",
      },
    },
  },
  args: { name: 'Karoo Logistics', userCount: 9, vehicleCount: 14, onView: fn(), onLinkUser: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CompanyCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ForAnAgent: Story = {};

/** A Company-Admin may not link users: the menu offers only 'View Company'. */
export const ForACompanyAdmin: Story = { args: { onLinkUser: undefined } };

export const WithoutCounts: Story = { args: { userCount: undefined, vehicleCount: undefined } };
