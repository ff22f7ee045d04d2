import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SearchCombobox } from './search-combobox';

interface Car {
  id: number;
  name: string;
}

const CARS: Car[] = [
  { id: 1, name: 'Toyota Hilux 2.8 GD-6 Legend' },
  { id: 2, name: 'Ford Ranger 2.0 BiT Wildtrak' },
  { id: 3, name: 'Volkswagen Polo Vivo 1.4 Trendline' },
];

const meta = {
  title: 'Widgets/SearchCombobox',
  component: SearchCombobox<Car>,
  parameters: {
    docs: {
      description: {
        component:
          "A search field whose matches open as a list (WAI-ARIA combobox).\n\n**Do:** Search on the server in the caller and pass the matches; keep the typed text controlled.\n\n**Don't:** Debounce or fetch inside: the caller owns the search.",
      },
    },
  },
  args: {
    label: 'Vehicle',
    options: CARS,
    optionToString: (car: Car) => car.name,
    optionKey: (car: Car) => car.id,
    selected: null,
    onSelectedChange: fn(),
    inputValue: '',
    onInputValueChange: fn(),
    emptyText: "Sorry, we don't have that vehicle listed",
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420, minHeight: 260 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SearchCombobox<Car>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const WithError: Story = { args: { error: 'This field is required' } };

/** Filters three vehicles locally, as the dashboard does on the server. */
export const Searchable: Story = {
  render: function SearchableCars(args) {
    const [text, setText] = useState('');
    const [selected, setSelected] = useState<Car | null>(null);
    return (
      <SearchCombobox<Car>
        {...args}
        options={CARS.filter((car) => car.name.toLowerCase().includes(text.toLowerCase()))}
        selected={selected}
        onSelectedChange={setSelected}
        inputValue={text}
        onInputValueChange={setText}
      />
    );
  },
};
