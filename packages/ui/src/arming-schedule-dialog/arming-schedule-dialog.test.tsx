import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ARMING_MESSAGES } from '@sentinel/domain';
import type { ArmingSchedule } from '@sentinel/domain';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { ArmingScheduleDialog, armingScheduleText } from './arming-schedule-dialog';
import type { ArmingScheduleDialogProps } from './arming-schedule-dialog';

const SAVED: ArmingSchedule = { days: ['Fri', 'Sat'], from: '22:00', to: '05:00' };

async function openDialog(props: Partial<ArmingScheduleDialogProps> = {}) {
  const onSave = props.onSave ?? vi.fn(async () => undefined);
  render(<ArmingScheduleDialog schedule={null} registrationNumber="CA 123-456" {...props} onSave={onSave} />);
  await userEvent.click(screen.getByRole('button', { name: 'Arming schedule' }));
  const dialog = screen.getByRole('dialog', { name: 'Arming schedule' });
  return {
    dialog,
    onSave,
    day: (name: string) => within(dialog).getByRole('checkbox', { name }),
    from: within(dialog).getByRole('textbox', { name: 'From' }),
    to: within(dialog).getByRole('textbox', { name: 'To' }),
    save: within(dialog).getByRole('button', { name: 'Save' }),
  };
}

describe('given a vehicle without a schedule', () => {
  it('opens with the seven days unticked and the night hours, naming the vehicle', async () => {
    const { dialog, from, to } = await openDialog();

    expect(dialog).toHaveAccessibleDescription(
      'CA 123-456 arms itself on these days and hours, in Johannesburg time.',
    );
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-checked')),
    ).toEqual(Array(7).fill('false'));
    expect(within(dialog).getByRole('checkbox', { name: 'Monday' })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Sunday' })).toBeInTheDocument();
    expect(from).toHaveValue('22:00');
    expect(to).toHaveValue('05:00');
    expect(within(dialog).queryByRole('button', { name: 'Remove schedule' })).not.toBeInTheDocument();
  });

  it('shows a missing day and a bad time at their fields and sends nothing, then follows the corrections', async () => {
    const { dialog, onSave, day, from, save } = await openDialog();

    await userEvent.clear(from);
    await userEvent.type(from, '25:00');
    await userEvent.click(save);

    expect(onSave).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('group', { name: 'Days' })).toHaveAccessibleDescription(
      ARMING_MESSAGES.daysRequired,
    );
    expect(from).toHaveAccessibleDescription(`HH:MM, 24-hour ${ARMING_MESSAGES.timeInvalid}`);
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(day('Monday')).toHaveFocus();

    await userEvent.click(day('Friday'));
    expect(within(dialog).queryByText(ARMING_MESSAGES.daysRequired)).not.toBeInTheDocument();
    await userEvent.clear(from);
    await userEvent.type(from, '21:30');
    expect(within(dialog).queryByText(ARMING_MESSAGES.timeInvalid)).not.toBeInTheDocument();
  });

  it('sends the ticked days in week order with the hours, and closes once saved', async () => {
    const { day, to, save, onSave } = await openDialog();

    await userEvent.click(day('Sunday'));
    await userEvent.click(day('Monday'));
    await userEvent.clear(to);
    await userEvent.type(to, '06:15');
    await userEvent.click(save);

    expect(onSave).toHaveBeenCalledWith({ days: ['Mon', 'Sun'], from: '22:00', to: '06:15' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has no accessibility violations with errors showing', async () => {
    const { save } = await openDialog();
    await userEvent.click(save);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a server that refuses the schedule', () => {
  it("shows the server's field error at its field and keeps what was entered", async () => {
    const refusal = Object.assign(new Error('One or more validation errors occurred.'), {
      errors: { To: [ARMING_MESSAGES.sameTimes] },
    });
    const { dialog, day, to, save } = await openDialog({
      onSave: vi.fn(async () => Promise.reject(refusal)),
    });

    await userEvent.click(day('Tuesday'));
    await userEvent.click(save);

    expect(await within(dialog).findByText(ARMING_MESSAGES.sameTimes)).toBeVisible();
    expect(to).toHaveFocus();
    expect(day('Tuesday')).toHaveAttribute('aria-checked', 'true');
    expect(to).toHaveValue('05:00');

    // The server's word stays until the person changes that field.
    await userEvent.type(to, '{Backspace}1');
    expect(within(dialog).queryByText(ARMING_MESSAGES.sameTimes)).not.toBeInTheDocument();
  });

  it('shows any other failure as an alert and stays open', async () => {
    const { dialog, day, save } = await openDialog({
      onSave: vi.fn(async () => Promise.reject(new Error('Network error'))),
    });

    await userEvent.click(day('Wednesday'));
    await userEvent.click(save);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Network error');
    expect(day('Wednesday')).toHaveAttribute('aria-checked', 'true');
  });
});

describe('given a saved schedule', () => {
  it('starts from it and removes it on Remove schedule', async () => {
    const onRemove = vi.fn(async () => undefined);
    const { dialog, day, from } = await openDialog({ schedule: SAVED, onRemove });

    expect(day('Friday')).toHaveAttribute('aria-checked', 'true');
    expect(day('Monday')).toHaveAttribute('aria-checked', 'false');
    expect(from).toHaveValue('22:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove schedule' }));

    expect(onRemove).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says it in a few words', () => {
    expect(armingScheduleText(SAVED)).toBe('Fri, Sat, 22:00 to 05:00 (next day)');
    expect(
      armingScheduleText({
        days: ['Sun', 'Sat', 'Fri', 'Thu', 'Wed', 'Tue', 'Mon'],
        from: '08:00',
        to: '17:00',
      }),
    ).toBe('Every day, 08:00 to 17:00');
  });
});
