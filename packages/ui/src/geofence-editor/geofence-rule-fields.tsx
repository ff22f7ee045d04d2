import { useId } from 'react';
import {
  ALARM_PRIORITIES,
  ALARM_PRIORITY_LABELS,
  GEOFENCE_TRIGGER_LABELS,
  GEOFENCE_TRIGGERS,
  WEEKDAY_LABELS,
  WEEKDAYS,
} from '@sentinel/domain';
import { clsx } from 'clsx';
import { Button } from '../button';
import { Checkbox } from '../checkbox';
import { Select } from '../select';
import { TextField } from '../text-field';
import type { RuleDraft } from './geofence-draft';

const TRIGGER_OPTIONS = GEOFENCE_TRIGGERS.map((trigger) => ({
  value: trigger,
  label: GEOFENCE_TRIGGER_LABELS[trigger],
}));
const PRIORITY_OPTIONS = ALARM_PRIORITIES.map((priority) => ({
  value: String(priority),
  label: ALARM_PRIORITY_LABELS[priority],
}));

export interface GeofenceRuleFieldsProps {
  /** 0-based; the rule is titled 'Rule {index + 1}' and its errors are `Rules[index].…`. */
  index: number;
  rule: RuleDraft;
  /** The rule as changed, with the error key of the field that changed (its server message goes). */
  onChange: (rule: RuleDraft, changedKey: string) => void;
  /** Absent for a geofence's only rule. */
  onRemove?: (() => void) | undefined;
  /** The first message at one of the form's error keys. */
  message: (key: string) => string | undefined;
}

/**
 * One rule of a geofence: when it fires (on entering, on leaving, on staying longer than its
 * minutes), optionally only on some days and hours (as an arming schedule is entered: Johannesburg
 * time, a window ending at or before its start runs past midnight), and the alarm's priority.
 */
export function GeofenceRuleFields({ index, rule, onChange, onRemove, message }: GeofenceRuleFieldsProps) {
  const key = (field: string) => `Rules[${index}].${field}`;
  const daysError = message(key('Days'));
  const daysErrorId = useId();
  const title = `Rule ${index + 1}`;
  return (
    <fieldset className="sn-geofence-editor__rule">
      <legend className="sn-geofence-editor__rule-title">{title}</legend>
      <div className="sn-geofence-editor__row">
        <Select
          label="Trigger"
          value={rule.trigger}
          options={TRIGGER_OPTIONS}
          onValueChange={(value) => {
            const trigger = GEOFENCE_TRIGGERS.find((item) => item === value) ?? rule.trigger;
            onChange({ ...rule, trigger }, key('DwellMinutes'));
          }}
        />
        {rule.trigger === 'Dwell' && (
          <TextField
            label="Minutes"
            inputMode="numeric"
            autoComplete="off"
            value={rule.minutes}
            error={message(key('DwellMinutes'))}
            onChange={(event) => onChange({ ...rule, minutes: event.target.value }, key('DwellMinutes'))}
          />
        )}
        <Select
          label="Priority"
          value={String(rule.priority)}
          options={PRIORITY_OPTIONS}
          onValueChange={(value) => {
            const priority = ALARM_PRIORITIES.find((item) => String(item) === value) ?? rule.priority;
            onChange({ ...rule, priority }, key('Priority'));
          }}
        />
      </div>
      <Checkbox
        label="Only on some days and hours"
        checked={rule.scheduled}
        onCheckedChange={(scheduled) => onChange({ ...rule, scheduled }, key('Days'))}
      />
      {rule.scheduled && (
        <>
          {/* The arming schedule dialog's days and hours, in its looks. */}
          <fieldset
            className={clsx('sn-arming-schedule__days', daysError !== undefined && 'sn-field--invalid')}
            aria-describedby={daysError !== undefined ? daysErrorId : undefined}
          >
            <legend className="sn-field__label">Days</legend>
            <div className="sn-arming-schedule__day-list">
              {WEEKDAYS.map((day) => (
                <Checkbox
                  key={day}
                  label={WEEKDAY_LABELS[day]}
                  checked={rule.days.includes(day)}
                  aria-invalid={daysError !== undefined || undefined}
                  onCheckedChange={(on) =>
                    onChange(
                      { ...rule, days: on ? [...rule.days, day] : rule.days.filter((item) => item !== day) },
                      key('Days'),
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
              label="From"
              hint="HH:MM, 24-hour, Johannesburg time"
              value={rule.from}
              maxLength={5}
              autoComplete="off"
              error={message(key('From'))}
              onChange={(event) => onChange({ ...rule, from: event.target.value }, key('From'))}
            />
            <TextField
              label="To"
              hint="At or before From: the next day"
              value={rule.to}
              maxLength={5}
              autoComplete="off"
              error={message(key('To'))}
              onChange={(event) => onChange({ ...rule, to: event.target.value }, key('To'))}
            />
          </div>
        </>
      )}
      {onRemove !== undefined && (
        <Button variant="ghost" className="sn-geofence-editor__remove-rule" onClick={onRemove}>
          Remove {title.toLowerCase()}
        </Button>
      )}
    </fieldset>
  );
}
