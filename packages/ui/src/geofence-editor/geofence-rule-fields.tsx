import {
  ALARM_PRIORITIES,
  ALARM_PRIORITY_LABELS,
  GEOFENCE_TRIGGER_LABELS,
  GEOFENCE_TRIGGERS,
} from '@sentinel/domain';
import { Button } from '../button';
import { Checkbox } from '../checkbox';
import { Select } from '../select';
import { TextField } from '../text-field';
import { ScheduleFields } from '../arming-schedule-dialog/schedule-fields';
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
          <ScheduleFields
            schedule={rule}
            errors={{ Days: message(key('Days')), From: message(key('From')), To: message(key('To')) }}
            fromHint="HH:MM, 24-hour, Johannesburg time"
            onChange={(next, field) => onChange({ ...rule, ...next }, key(field))}
          />
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
