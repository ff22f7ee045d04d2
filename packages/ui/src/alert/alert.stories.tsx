import type { Meta, StoryObj } from '@storybook/react-vite';
import { Alert } from './alert';

const meta = {
  title: 'Primitives/Alert',
  component: Alert,
  parameters: {
    docs: {
      description: {
        component:
          "An inline message in the flow of the page: info, success or error.\n\n**Do:** Use `variant='error'` for a refused action and keep the server's message word for word; give a `title` when the message needs a lead.\n\n**Don't:** Use it for messages that must vanish on their own (use LiveNotice) or for field errors (the field's `error` prop links them to the input).",
      },
    },
  },
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
