import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { UserPicker } from './user-picker';
import type { UserPickerOption } from './user-picker';

const USERS: UserPickerOption[] = [
  { id: 1, firstName: 'Thandi', lastName: 'Nkosi' },
  { id: 2, firstName: 'Sipho', lastName: 'Dlamini' },
  { id: 3, firstName: 'Anika', lastName: 'van der Merwe' },
];

const meta = {
  title: 'Widgets/UserPicker',
  component: UserPicker,
  parameters: {
    docs: {
      description: {
        component:
          "A searchable dropdown for very long lists of users.\n\n**Do:** Search on the server when `onSearchChange` fires and pass one page plus `totalCount`.\n\n**Don't:** Load every user up front: the list may hold 100,000.",
      },
    },
  },
  args: { users: USERS, selected: null, onSelectedChange: fn(), onSearchChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420, minHeight: 260 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof UserPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NothingChosen: Story = {};

export const Chosen: Story = { args: { selected: USERS[1]! } };

export const WithError: Story = {
  args: { error: 'Only a user with the Company-Admin role can be linked as Company-Admin' },
};

/** Filters the three users locally, as the dashboard does on the server. */
export const Searchable: Story = {
  render: function SearchableUserPicker(args) {
    const [search, setSearch] = useState('');
    const [selected, setSelected] = useState<UserPickerOption | null>(null);
    const users = USERS.filter((user) =>
      `${user.firstName} ${user.lastName}`.toLowerCase().includes(search.toLowerCase()),
    );
    return (
      <UserPicker
        {...args}
        users={users}
        totalCount={users.length}
        selected={selected}
        onSelectedChange={setSelected}
        onSearchChange={setSearch}
      />
    );
  },
};
