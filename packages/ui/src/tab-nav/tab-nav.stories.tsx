import type { Meta, StoryObj } from '@storybook/react-vite';
import { TabNav } from './tab-nav';

const meta = {
  title: 'Primitives/TabNav',
  component: TabNav,
  parameters: {
    docs: {
      description: {
        component:
          "Route tabs: links styled as tabs, one of them current.\n\n**Do:** Use it when each tab has its own URL.\n\n**Don't:** Use it for panels on one page (use Tabs).",
      },
    },
  },
  args: {
    label: 'Onboarding',
    items: [
      { label: 'Outstanding details', href: '#outstanding-details', active: true },
      { label: 'Booking pending', href: '#booking-pending', active: false },
      { label: 'Scheduled', href: '#scheduled', active: false },
    ],
  },
} satisfies Meta<typeof TabNav>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const TopTabs: Story = {
  args: {
    label: 'Main',
    items: [
      { label: 'Clients', href: '#clients', active: false },
      { label: 'Onboarding', href: '#onboarding', active: false },
      { label: 'Companies', href: '#companies', active: true },
      { label: 'Burn In', href: '#burnin', active: false },
    ],
  },
};
