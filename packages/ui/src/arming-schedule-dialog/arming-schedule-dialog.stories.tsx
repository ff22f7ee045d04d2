import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ArmingScheduleDialog } from './arming-schedule-dialog';

const meta = {
  title: 'Widgets/ArmingScheduleDialog',
  component: ArmingScheduleDialog,
  parameters: {
    docs: {
      description: {
        component:
          "'Arming schedule' and its dialog: the days and hours (HH:MM, Johannesburg time) a vehicle arms itself; a window that ends at or before its start runs past midnight. The schedule's rules (`armingScheduleErrors` of @sentinel/domain) are checked at their fields before anything is sent.\n\n**Do:** Resolve `onSave` once saved; reject with the api's error (its `errors` name Days, From or To) so the server's word shows at the same fields; pass `onRemove` so a saved schedule can be removed.\n\n**Don't:** Check the schedule again in the app, or clear the form on a failure: the person's entries stay.",
      },
    },
  },
  args: {
    schedule: null,
    registrationNumber: 'CA 123-456',
    onSave: fn(async () => undefined),
    onRemove: fn(async () => undefined),
  },
} satisfies Meta<typeof ArmingScheduleDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

/** A vehicle without a schedule: no days yet, the night's hours to start from. */
export const New: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Arming schedule' }));
    const page = within(canvasElement.ownerDocument.body);
    await expect(await page.findByRole('dialog', { name: 'Arming schedule' })).toBeVisible();
  },
};

/** Save pressed with no day and a time that is none: each message at its field, nothing sent. */
export const FieldErrors: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Arming schedule' }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    const from = dialog.getByRole('textbox', { name: 'From' });
    await userEvent.clear(from);
    await userEvent.type(from, '9pm');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(dialog.getByText('Choose at least one day.')).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** A saved schedule: the form starts from it, and it can be removed. */
export const Saved: Story = {
  args: { schedule: { days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'], from: '22:00', to: '05:00' } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Arming schedule' }));
    const page = within(canvasElement.ownerDocument.body);
    await expect(await page.findByRole('button', { name: 'Remove schedule' })).toBeVisible();
  },
};
