import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SearchField } from './search-field';

const meta = {
  title: 'Primitives/SearchField',
  component: SearchField,
  parameters: {
    docs: {
      description: {
        component:
          "A search input with a magnifier and a clear button.\n\n**Do:** Filter as the person types, in the caller; pass `ref` and native props as needed.\n\n**Don't:** Use it for a value that must be chosen from a list (use SearchCombobox or UserPicker).",
      },
    },
  },
  args: { label: 'Search clients', value: '', onValueChange: fn(), placeholder: 'Search by name' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SearchField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const WithText: Story = { args: { value: 'Nkosi' } };

export const HiddenLabel: Story = { args: { label: 'Search by serial number', hideLabel: true } };

export const Interactive: Story = {
  render: function InteractiveSearch(args) {
    const [value, setValue] = useState(args.value);
    return <SearchField {...args} value={value} onValueChange={setValue} />;
  },
};
