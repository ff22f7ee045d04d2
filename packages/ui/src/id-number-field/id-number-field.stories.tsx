import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { IdNumberField } from './id-number-field';

const meta = {
  title: 'Widgets/IdNumberField',
  component: IdNumberField,
  args: { isSouthAfrican: true, value: '', onValueChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof IdNumberField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SouthAfricanId: Story = {};

export const Passport: Story = { args: { isSouthAfrican: false, value: 'A12345678' } };

export const Invalid: Story = { args: { value: '9013015009087', error: 'Please provide a valid ID number' } };

export const ReadOnly: Story = { args: { value: '9001015009087', readOnly: true } };
