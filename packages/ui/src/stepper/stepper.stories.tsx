import type { Meta, StoryObj } from '@storybook/react-vite';
import { Stepper } from './stepper';

const meta = {
  title: 'Widgets/Stepper',
  component: Stepper,
  args: { steps: ['Driver details', 'Vehicle details'], current: 0, label: 'Onboarding steps' },
} satisfies Meta<typeof Stepper>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FirstStep: Story = {};

export const SecondStep: Story = { args: { current: 1 } };
