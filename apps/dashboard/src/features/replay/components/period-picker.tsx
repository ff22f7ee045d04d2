import { useState } from 'react';
import type { FormEvent } from 'react';
import { johannesburgDate, REPLAY_PERIODS } from '@sentinel/domain';
import type { ReplayPeriodName } from '@sentinel/domain';
import { Button } from '@sentinel/ui';

export interface PeriodChoice {
  name: ReplayPeriodName;
  /** Johannesburg dates (YYYY-MM-DD) of a custom period, both included. */
  fromDate: string;
  toDate: string;
}

export interface PeriodPickerProps {
  value: PeriodChoice;
  onChange: (choice: PeriodChoice) => void;
}

/** Today, yesterday, the last 7 days, or two dates, all in Johannesburg time. */
export function PeriodPicker({ value, onChange }: PeriodPickerProps) {
  const [fromDate, setFromDate] = useState(value.fromDate);
  const [toDate, setToDate] = useState(value.toDate);
  const [custom, setCustom] = useState(value.name === 'custom');
  const today = johannesburgDate(new Date());

  function submit(event: FormEvent) {
    event.preventDefault();
    onChange({ name: 'custom', fromDate, toDate });
  }

  return (
    <div className="replay-period">
      <div className="replay-period__choices" role="group" aria-label="Period">
        {REPLAY_PERIODS.map((period) => (
          <Button
            key={period.name}
            type="button"
            variant={
              (period.name === 'custom' ? custom : !custom && value.name === period.name)
                ? 'primary'
                : 'secondary'
            }
            aria-pressed={period.name === 'custom' ? custom : !custom && value.name === period.name}
            onClick={() => {
              if (period.name === 'custom') setCustom(true);
              else {
                setCustom(false);
                onChange({ ...value, name: period.name });
              }
            }}
          >
            {period.label}
          </Button>
        ))}
      </div>
      {custom && (
        <form className="replay-period__custom" onSubmit={submit}>
          <label>
            From
            <input
              type="date"
              value={fromDate}
              max={toDate}
              required
              onChange={(event) => setFromDate(event.target.value)}
            />
          </label>
          <label>
            To
            <input
              type="date"
              value={toDate}
              min={fromDate}
              max={today}
              required
              onChange={(event) => setToDate(event.target.value)}
            />
          </label>
          <Button type="submit" variant="secondary">
            Show
          </Button>
        </form>
      )}
    </div>
  );
}
