import type { Meta, StoryObj } from '@storybook/react-vite';
import { Alert } from './alert';

const meta = {
  title: 'Primitives/Alert',
  component: Alert,
  argTypes: { variant: { control: 'inline-radio', options: ['info', 'success', 'error'] } },
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {
  args: {
    title: 'Who is responsible for the account?',
    children: "Collect the customer's full name, contact information and address.",
  },
};

export const Success: Story = { args: { variant: 'success', children: 'Alert sent' } };

export const ErrorAlert: Story = {
  name: 'Error',
  args: { variant: 'error', children: 'Invalid email and password' },
};
