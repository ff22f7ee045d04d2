import { useId, type Ref } from 'react';
import { WEEKDAY_LABELS, WEEKDAYS } from '@sentinel/domain';
import type { Weekday } from '@sentinel/domain';
import { clsx } from 'clsx';
import { Checkbox } from '../checkbox';
import { TextField } from '../text-field';

/** The days and hours of a schedule, as the fields hold them (checked with armingScheduleErrors). */
export interface ScheduleDraft {
  days: readonly Weekday[];
  from: string;
  to: string;
}

export type ScheduleField = 'Days' | 'From' | 'To';

export interface ScheduleFieldsProps {
  schedule: ScheduleDraft;
  /** The first message of each field, shown under it. */
  errors: Partial<Record<ScheduleField, string | undefined>>;
  /** The schedule as changed, and the field that changed (its message may go). */
  onChange: (next: ScheduleDraft, field: ScheduleField) => void;
  /** The From field's hint. @default 'HH:MM, 24-hour' */
  fromHint?: string | undefined;
  /** To focus the first faulty field: Monday's box, From and To. */
  firstDayRef?: Ref<HTMLButtonElement> | undefined;
  fromRef?: Ref<HTMLInputElement> | undefined;
  toRef?: Ref<HTMLInputElement> | undefined;
}

/**
 * Seven day checkboxes (Monday first) and From and To: the arming schedule dialog's and a geofence
 * rule's schedule, one set of fields with one look.
 */
export function ScheduleFields({
  schedule,
  errors,
  onChange,
  fromHint = 'HH:MM, 24-hour',
  firstDayRef,
  fromRef,
  toRef,
}: ScheduleFieldsProps) {
  const { days, from, to } = schedule;
  const daysError = errors.Days;
  const daysErrorId = useId();
  return (
    <>
      <fieldset
        className={clsx('sn-arming-schedule__days', daysError !== undefined && 'sn-field--invalid')}
        aria-describedby={daysError !== undefined ? daysErrorId : undefined}
      >
        <legend className="sn-field__label">Days</legend>
        <div className="sn-arming-schedule__day-list">
          {WEEKDAYS.map((day, index) => (
            <Checkbox
              key={day}
              ref={index === 0 ? firstDayRef : undefined}
              label={WEEKDAY_LABELS[day]}
              checked={days.includes(day)}
              aria-invalid={daysError !== undefined || undefined}
              onCheckedChange={(on) =>
                onChange(
                  { days: on ? [...days, day] : days.filter((item) => item !== day), from, to },
                  'Days',
                )
              }
            />
          ))}
        </div>
        {daysError !== undefined && (
          <p id={daysErrorId} className="sn-field__error">
            {daysError}
          </p>
        )}
      </fieldset>
      <div className="sn-arming-schedule__times">
        <TextField
          ref={fromRef}
          label="From"
          hint={fromHint}
          value={from}
          maxLength={5}
          autoComplete="off"
          error={errors.From}
          onChange={(event) => onChange({ days, from: event.target.value, to }, 'From')}
        />
        <TextField
          ref={toRef}
          label="To"
          hint="At or before From: the next day"
          value={to}
          maxLength={5}
          autoComplete="off"
          error={errors.To}
          onChange={(event) => onChange({ days, from, to: event.target.value }, 'To')}
        />
      </div>
    </>
  );
}
