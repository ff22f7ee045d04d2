import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Select } from './select';

const SORT_OPTIONS = [
  { value: 'latest', label: 'Latest' },
  { value: 'active-alerts', label: 'Active alerts' },
  { value: 'a-z', label: 'A - Z' },
  { value: 'z-a', label: 'Z - A' },
];

const meta = {
  title: 'Primitives/Select',
  component: Select,
  parameters: {
    docs: {
      description: {
        component:
          "A single choice from a short list (Radix Select).\n\n**Do:** Give a visible `label` and a `placeholder`; pass `ref` to reach the trigger.\n\n**Don't:** Use it for long lists that need search (use UserPicker or SearchCombobox).",
      },
    },
  },
  args: {
    label: 'Role',
    placeholder: 'Select a role',
    value: '',
    onValueChange: fn(),
    options: [
      { value: 'Admin', label: 'Admin' },
      { value: 'Technical-Agent', label: 'Technical-Agent' },
      { value: 'Company-Admin', label: 'Company-Admin' },
    ],
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360, minHeight: 240 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Placeholder: Story = {};

export const WithError: Story = { args: { error: 'This field is required' } };

export const Disabled: Story = { args: { value: 'Admin', disabled: true } };

/** The list sort control: a Select, no component of its own. */
export const SortSelect: Story = {
  args: { label: 'Sort by', value: 'latest', options: SORT_OPTIONS },
  render: function SortSelectStory(args) {
    const [value, setValue] = useState(args.value);
    return <Select {...args} value={value} onValueChange={setValue} />;
  },
};

export const Open: Story = {
  args: { label: 'Sort by', value: 'latest', options: SORT_OPTIONS },
  parameters: {
    a11y: {
      config: {
        // Like a modal menu, an open Radix Select aria-hides the rest of the page (its trigger
        // included) while focus stays trapped in the list (radix-ui/primitives#2459).
        rules: [{ id: 'aria-hidden-focus', enabled: false }],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('combobox', { name: 'Sort by' }));
    const page = within(canvasElement.ownerDocument.body);
    await expect(await page.findByRole('option', { name: 'A - Z' })).toBeVisible();
  },
};
