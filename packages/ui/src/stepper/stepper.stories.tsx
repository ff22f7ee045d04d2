import type { Meta, StoryObj } from '@storybook/react-vite';
import { Stepper } from './stepper';

const meta = {
  title: 'Widgets/Stepper',
  component: Stepper,
  parameters: {
    docs: {
      description: {
        component:
          "Numbered steps in a row, the current one emphasised.\n\n**Do:** Use it above a multi-step form.\n\n**Don't:** Make steps clickable: it shows progress only.",
      },
    },
  },
  args: { steps: ['Driver details', 'Vehicle details'], current: 0, label: 'Onboarding steps' },
} satisfies Meta<typeof Stepper>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FirstStep: Story = {};

export const SecondStep: Story = { args: { current: 1 } };
