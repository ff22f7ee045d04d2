import { useRef, useState, type FormEvent } from 'react';
import { armingScheduleErrors, minutesOfDay, WEEKDAYS } from '@sentinel/domain';
import type { ArmingSchedule, FieldErrors, Weekday } from '@sentinel/domain';
import { Alert } from '../alert';
import { Button } from '../button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '../dialog';
import { errorText } from '../internal/error-text';
import { ScheduleFields } from './schedule-fields';

/** The hours a new schedule's form starts with: the usual night (the example). */
export const DEFAULT_ARMING_HOURS = { from: '22:00', to: '05:00' } as const;

/**
 * A schedule in a few words, e.g. 'Mon, Fri, 22:00 to 05:00 (next day)' or 'Every day, 08:00 to 17:00'.
 * A window that ends at or before its start runs past midnight, so the end is the next day's.
 */
export function armingScheduleText(schedule: ArmingSchedule): string {
  const days =
    schedule.days.length === WEEKDAYS.length
      ? 'Every day'
      : WEEKDAYS.filter((day) => schedule.days.includes(day)).join(', ');
  const from = minutesOfDay(schedule.from);
  const to = minutesOfDay(schedule.to);
  const nextDay = from !== undefined && to !== undefined && to <= from ? ' (next day)' : '';
  return `${days}, ${schedule.from} to ${schedule.to}${nextDay}`;
}

// ---------------------------------------------------------------------------------------------
// The form inside the dialog; it unmounts when the dialog closes, so each opening starts afresh.
// ---------------------------------------------------------------------------------------------

type Field = 'Days' | 'From' | 'To';
type Messages = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['Days', 'From', 'To'];

/** The first message of each of the form's fields; others (a server's word on another field) are left out. */
function messagesOf(errors: FieldErrors | undefined): Messages {
  const messages: Messages = {};
  for (const field of FIELDS) {
    const first = errors?.[field]?.[0];
    if (first !== undefined) messages[field] = first;
  }
  return messages;
}

/**
 * The field errors a rejection carries: an error with `errors` as the api's validation answer has
 * them (ApiError of @sentinel/api-sdk does), read by shape since the kit never imports the SDK.
 */
function serverMessages(error: unknown): Messages {
  if (typeof error !== 'object' || error === null || !('errors' in error)) return {};
  const { errors } = error as { errors: unknown };
  if (typeof errors !== 'object' || errors === null) return {};
  const messages: Messages = {};
  for (const field of FIELDS) {
    const list: unknown = (errors as Record<string, unknown>)[field];
    if (Array.isArray(list) && typeof list[0] === 'string') messages[field] = list[0];
  }
  return messages;
}

interface FormProps {
  schedule: ArmingSchedule | null;
  onSave: (schedule: ArmingSchedule) => Promise<void>;
  onRemove: (() => Promise<void>) | undefined;
  onDone: () => void;
}

function ArmingScheduleForm({ schedule, onSave, onRemove, onDone }: FormProps) {
  const [days, setDays] = useState<readonly Weekday[]>(schedule?.days ?? []);
  const [from, setFrom] = useState<string>(schedule?.from ?? DEFAULT_ARMING_HOURS.from);
  const [to, setTo] = useState<string>(schedule?.to ?? DEFAULT_ARMING_HOURS.to);
  // Checked once Save is pressed: from then on the form's own messages follow every change.
  const [checked, setChecked] = useState(false);
  const [local, setLocal] = useState<Messages>({});
  // The server's messages stay at their fields until the person changes that field.
  const [server, setServer] = useState<Messages>({});
  const [pending, setPending] = useState<'save' | 'remove' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const firstDay = useRef<HTMLButtonElement>(null);
  const fromInput = useRef<HTMLInputElement>(null);
  const toInput = useRef<HTMLInputElement>(null);
  const message = (field: Field) => local[field] ?? server[field];

  const change = (field: Field, next: { days: readonly Weekday[]; from: string; to: string }) => {
    setDays(next.days);
    setFrom(next.from);
    setTo(next.to);
    setServer(({ [field]: _changed, ...rest }) => rest);
    if (checked) setLocal(messagesOf(armingScheduleErrors(next)));
  };

  /** Takes the person to the first field that needs them. */
  const focusFirst = (messages: Messages) => {
    if (messages.Days !== undefined) firstDay.current?.focus();
    else if (messages.From !== undefined) fromInput.current?.focus();
    else if (messages.To !== undefined) toInput.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending !== null) return;
    const request: ArmingSchedule = {
      days: WEEKDAYS.filter((day) => days.includes(day)),
      from: from.trim(),
      to: to.trim(),
    };
    const found = messagesOf(armingScheduleErrors(request));
    setChecked(true);
    setLocal(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    setPending('save');
    try {
      await onSave(request);
      onDone();
    } catch (error) {
      const atFields = serverMessages(error);
      setServer(atFields);
      if (Object.keys(atFields).length > 0) focusFirst(atFields);
      else setFailure(errorText(error, 'Failed to save the schedule'));
      setPending(null);
    }
  };

  const remove = async () => {
    if (onRemove === undefined || pending !== null) return;
    setPending('remove');
    setFailure(null);
    try {
      await onRemove();
      onDone();
    } catch (error) {
      setFailure(errorText(error, 'Failed to remove the schedule'));
      setPending(null);
    }
  };

  return (
    <form className="sn-arming-schedule" onSubmit={(event) => void submit(event)} noValidate>
      <ScheduleFields
        schedule={{ days, from, to }}
        errors={{ Days: message('Days'), From: message('From'), To: message('To') }}
        onChange={(next, field) => change(field, next)}
        firstDayRef={firstDay}
        fromRef={fromInput}
        toRef={toInput}
      />
      {failure !== null && <Alert variant="error">{failure}</Alert>}
      <DialogFooter>
        {schedule !== null && onRemove !== undefined && (
          <Button
            variant="danger"
            className="sn-arming-schedule__remove"
            busy={pending === 'remove'}
            busyLabel="Removing"
            disabled={pending === 'save'}
            onClick={() => void remove()}
          >
            Remove schedule
          </Button>
        )}
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" busy={pending === 'save'} busyLabel="Saving" disabled={pending === 'remove'}>
          Save
        </Button>
      </DialogFooter>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------
// The dialog with the button that opens it.
// ---------------------------------------------------------------------------------------------

export interface ArmingScheduleDialogProps {
  /** The saved schedule the form starts from; null when there is none (the form starts 22:00 to 05:00, no days). */
  schedule: ArmingSchedule | null;
  /**
   * Saves the schedule; resolve when saved (the dialog closes). Reject with an error whose `errors`
   * name Days, From or To (as ApiError of @sentinel/api-sdk does) to show them at those fields, or
   * with any other Error to show its message; the form keeps what the person entered either way.
   */
  onSave: (schedule: ArmingSchedule) => Promise<void>;
  /** Removes the saved schedule; 'Remove schedule' shows when given and a schedule is saved. */
  onRemove?: (() => Promise<void>) | undefined;
  /** The vehicle, named in the dialog's description, e.g. 'CA 123-456'. */
  registrationNumber?: string | undefined;
  /** Whether the dialog is open, when the owner controls it. */
  open?: boolean | undefined;
  onOpenChange?: ((open: boolean) => void) | undefined;
}

/**
 * 'Arming schedule' and its dialog: the days and hours (Johannesburg time) a vehicle arms itself.
 * The schedule's rules (armingScheduleErrors of @sentinel/domain) are checked before anything is sent.
 */
export function ArmingScheduleDialog({
  schedule,
  onSave,
  onRemove,
  registrationNumber,
  open: controlledOpen,
  onOpenChange,
}: ArmingScheduleDialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  const whose = registrationNumber === undefined ? 'The vehicle' : registrationNumber;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary">Arming schedule</Button>
      </DialogTrigger>
      <DialogContent
        title="Arming schedule"
        description={`${whose} arms itself on these days and hours, in Johannesburg time.`}
      >
        <ArmingScheduleForm
          schedule={schedule}
          onSave={onSave}
          onRemove={onRemove}
          onDone={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
