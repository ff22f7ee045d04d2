import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../button';
import { TextField } from '../text-field';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from './dialog';

// Annotated rather than `satisfies`: the inferred type names Radix's internal modules, which a
// declaration file cannot.
const meta: Meta<typeof Dialog> = {
  title: 'Primitives/Dialog',
  component: Dialog,
  parameters: {
    docs: {
      description: {
        component:
          "A modal dialog (Radix) with title, description, body and footer.\n\n**Do:** Always give a `DialogTitle`; put the confirming action last in the footer; let Escape and the close button dismiss it.\n\n**Don't:** Open a dialog from another dialog, or use it for messages that need no decision (use Alert).",
      },
    },
  },
};

export default meta;
type Story = StoryObj<typeof meta>;

function renderDialog(args: Story['args']) {
  return (
    <Dialog {...args}>
      <DialogTrigger asChild>
        <Button variant="secondary">Edit</Button>
      </DialogTrigger>
      <DialogContent title="Driver details" description="Name and ID number cannot be changed here.">
        <TextField label="Email address" type="email" defaultValue="driver@sentinel.demo" />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button>Save</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export const Closed: Story = { render: renderDialog };

export const Open: Story = {
  render: renderDialog,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Edit' }));
    const page = within(canvasElement.ownerDocument.body);
    await expect(await page.findByRole('dialog', { name: 'Driver details' })).toBeVisible();
  },
};
