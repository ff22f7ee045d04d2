import type { Meta, StoryObj } from '@storybook/react-vite';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

// Annotated rather than `satisfies`: the inferred type names Radix's internal modules, which a
// declaration file cannot.
const meta: Meta<typeof Tabs> = {
  title: 'Primitives/Tabs',
  component: Tabs,
  parameters: {
    docs: {
      description: {
        component:
          "In-page tabs (Radix Tabs) with keyboard support.\n\n**Do:** Use short labels and keep every panel's content related.\n\n**Don't:** Use it for navigation between routes (use TabNav).",
      },
    },
  },
  args: { defaultValue: 'details' },
};

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args) => (
    <Tabs {...args}>
      <TabsList aria-label="Device">
        <TabsTrigger value="details">Details</TabsTrigger>
        <TabsTrigger value="tests">Tests</TabsTrigger>
      </TabsList>
      <TabsContent value="details">Station ID: burn1</TabsContent>
      <TabsContent value="tests">Passed 3/4</TabsContent>
    </Tabs>
  ),
};
