import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { IdNumberField } from './id-number-field';

const meta = {
  title: 'Widgets/IdNumberField',
  component: IdNumberField,
  parameters: {
    docs: {
      description: {
        component:
          "The South African ID or passport number field, by the 'Has a South African ID' toggle.\n\n**Do:** Validate with the domain's `validateIdNumber` and pass the message as `error`; pass `ref` and `onBlur` for form libraries.\n\n**Don't:** Strip or reformat what the person typed: the field shows it as typed.",
      },
    },
  },
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
