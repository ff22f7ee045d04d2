import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TextField } from './text-field';

const meta = {
  title: 'Primitives/TextField',
  component: TextField,
  parameters: {
    docs: {
      description: {
        component:
          "A labelled input with hint, error and optional prefix.\n\n**Do:** Pass `ref` and native input props (`name`, `onBlur`, `autoComplete`) so form libraries can register it; pass the validator's message as `error`.\n\n**Don't:** Put the label in the placeholder, or show an error without the field's `error` prop.",
      },
    },
  },
  args: { label: 'Email address', onChange: fn(), onBlur: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { args: { type: 'email', autoComplete: 'email' } };

export const WithError: Story = {
  args: { label: 'Name', error: 'This field is required' },
};

export const CellphoneWithPrefixAndHint: Story = {
  args: {
    label: 'Cellphone number',
    prefix: '+27',
    hint: 'Required format: 0821234567',
    inputMode: 'numeric',
  },
};

export const CellphoneInvalid: Story = {
  args: {
    label: 'Cellphone number',
    prefix: '+27',
    hint: 'Required format: 0821234567',
    defaultValue: '08212',
    error: 'Please enter a valid phone number',
  },
};

export const Disabled: Story = { args: { label: 'Name', defaultValue: 'Thandi', disabled: true } };
