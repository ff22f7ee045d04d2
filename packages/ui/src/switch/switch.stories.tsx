import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Switch, type SwitchProps } from './switch';

const meta = {
  title: 'Primitives/Switch',
  component: Switch,
  parameters: {
    docs: {
      description: {
        component:
          "A controlled on/off switch with its visible label.\n\n**Do:** Use it for settings that apply at once (Auto Refresh); pass `ref` and native props for forms.\n\n**Don't:** Use it for consent or a choice submitted with a form (use Checkbox).",
      },
    },
  },
  args: { label: 'Auto Refresh', checked: false, onCheckedChange: fn() },
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

// Stories own the state so the switch can be toggled in the canvas; the component itself is controlled.
function StatefulSwitch(props: SwitchProps) {
  const [checked, setChecked] = useState(props.checked);
  return (
    <Switch
      {...props}
      checked={checked}
      onCheckedChange={(next) => {
        setChecked(next);
        props.onCheckedChange(next);
      }}
    />
  );
}

export const Off: Story = { render: (args) => <StatefulSwitch {...args} /> };

export const On: Story = {
  args: { label: 'Has a South African ID', checked: true },
  render: (args) => <StatefulSwitch {...args} />,
};

export const Disabled: Story = { args: { disabled: true, checked: true } };
