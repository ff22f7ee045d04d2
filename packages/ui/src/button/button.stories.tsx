import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Button } from './button';

const meta = {
  title: 'Primitives/Button',
  component: Button,
  parameters: {
    docs: {
      description: {
        component:
          "The kit's button: primary, secondary, ghost and danger, with a busy state.\n\n**Do:** Give `type='submit'` to a form's submit button; use `busy` with a `busyLabel` while a call is in flight; use `asChild` to style a router link.\n\n**Don't:** Put two primary buttons side by side, or disable a button without saying why nearby.",
      },
    },
  },
  args: { children: 'Login', onClick: fn() },
  argTypes: { variant: { control: 'inline-radio', options: ['primary', 'secondary', 'ghost', 'danger'] } },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};

export const Secondary: Story = { args: { variant: 'secondary', children: 'Clear' } };

export const Ghost: Story = { args: { variant: 'ghost', children: 'Resend OTP' } };

export const Danger: Story = { args: { variant: 'danger', children: 'Delete Company' } };

export const Busy: Story = { args: { busy: true, busyLabel: 'Submitting', children: 'Add agent' } };

export const Disabled: Story = { args: { disabled: true, children: 'Download history' } };

export const AsLink: Story = {
  args: { asChild: true, variant: 'secondary', children: <a href="#forgot-password">Forgot password</a> },
};
