import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from './card';

const meta = {
  title: 'Primitives/Card',
  component: Card,
  parameters: {
    docs: {
      description: {
        component:
          "A white surface with header, title, content and footer parts.\n\n**Do:** Give every card a `CardTitle` so it shows in the page outline; set `level` to fit the page's headings.\n\n**Don't:** Nest cards inside cards, or put actions anywhere but the footer or the header's actions.",
      },
    },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithHeaderContentAndFooter: Story = {
  render: () => (
    <Card>
      <CardHeader>
        <CardTitle>Vehicle history</CardTitle>
      </CardHeader>
      <CardContent>
        <p style={{ margin: 0 }}>Ignition on at 08:15, parked at 09:02.</p>
      </CardContent>
      <CardFooter>
        <Button variant="secondary">Close</Button>
        <Button>Download history</Button>
      </CardFooter>
    </Card>
  ),
};

export const ContentOnly: Story = {
  render: () => (
    <Card>
      <CardContent>No users linked to this company yet.</CardContent>
    </Card>
  ),
};
