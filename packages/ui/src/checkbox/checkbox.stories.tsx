import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Checkbox } from './checkbox';

const meta = {
  title: 'Primitives/Checkbox',
  component: Checkbox,
  parameters: {
    docs: {
      description: {
        component:
          "A controlled checkbox with its visible label.\n\n**Do:** Keep the value in the form's state; pass `ref` and native props (`required`, `onBlur`) so form libraries can register it.\n\n**Don't:** Use it for an on/off setting that takes effect at once (use Switch).",
      },
    },
  },
  args: { label: 'I accept the terms and conditions', checked: false, onCheckedChange: fn() },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Unchecked: Story = {};

export const Checked: Story = { args: { checked: true } };

export const Disabled: Story = { args: { checked: true, disabled: true } };

export const Interactive: Story = {
  render: function InteractiveCheckbox(args) {
    const [checked, setChecked] = useState(args.checked);
    return <Checkbox {...args} checked={checked} onCheckedChange={setChecked} />;
  },
};
