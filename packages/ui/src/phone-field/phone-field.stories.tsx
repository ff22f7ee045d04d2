import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PhoneField } from './phone-field';

const meta = {
  title: 'Widgets/PhoneField',
  component: PhoneField,
  parameters: {
    docs: {
      description: {
        component:
          "The cellphone field with a fixed +27 prefix that keeps digits only.\n\n**Do:** Validate with the domain's `validatePhoneNumber`; pass `ref`, `name` and `onBlur` for form libraries.\n\n**Don't:** Put the country code in the value: the prefix is shown, not typed.",
      },
    },
  },
  args: { value: '', onValueChange: fn(), hint: 'Required format: 0821234567' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PhoneField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Invalid: Story = { args: { value: '08212', error: 'Please provide a valid phone number' } };

export const Interactive: Story = {
  render: function InteractivePhone(args) {
    const [value, setValue] = useState(args.value);
    return <PhoneField {...args} value={value} onValueChange={setValue} />;
  },
};
