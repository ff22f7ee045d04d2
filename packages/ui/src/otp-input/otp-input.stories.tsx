import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { OtpInput } from './otp-input';

const meta = {
  title: 'Widgets/OtpInput',
  component: OtpInput,
  parameters: {
    docs: {
      description: {
        component:
          "Six single-digit boxes for a one-time PIN.\n\n**Do:** Keep the six digits in state and send the code when all six are filled; show the server's message in `errors`.\n\n**Don't:** Auto-submit on paste without checking the length: the screen decides when the code is complete.",
      },
    },
  },
  args: { value: [], onChange: fn() },
} satisfies Meta<typeof OtpInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Confirming: Story = { args: { value: ['4', '8', '2', '9', '1', '3'], disabled: true } };

export const WithError: Story = {
  args: { value: ['1', '1', '1', '1', '1', '1'], errors: ['The OTP is not valid'] },
};

export const Interactive: Story = {
  render: function InteractiveOtp(args) {
    const [value, setValue] = useState<string[]>([]);
    return <OtpInput {...args} value={value} onChange={setValue} />;
  },
};
