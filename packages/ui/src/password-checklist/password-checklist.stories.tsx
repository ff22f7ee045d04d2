import type { Meta, StoryObj } from '@storybook/react-vite';
import { passwordChecklist } from '@sentinel/domain';
import { PasswordChecklist } from './password-checklist';

const meta = {
  title: 'Widgets/PasswordChecklist',
  component: PasswordChecklist,
  parameters: {
    docs: {
      description: {
        component:
          "The live list of password rules, each met or not met.\n\n**Do:** Pass `passwordChecklist(password)` of the domain so the rules are the spec's.\n\n**Don't:** Hide rules once met: the list shows progress.",
      },
    },
  },
  args: { items: passwordChecklist('') },
} satisfies Meta<typeof PasswordChecklist>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const PartlyMet: Story = { args: { items: passwordChecklist('abc1') } };

export const AllMet: Story = { args: { items: passwordChecklist('Str0ng!pw') } };
