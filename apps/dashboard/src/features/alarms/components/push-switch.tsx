import { useId } from 'react';
import { Switch } from '@sentinel/ui';
import { useAlarmPush } from '../hooks/use-alarm-push';

/**
 * 'Alarm notifications on this browser': on, the api pushes every new alarm in the person's scope
 * to this browser, which shows it even when no dashboard tab is open. Says why when it cannot be on.
 */
export function PushSwitch() {
  const push = useAlarmPush();
  const hintId = useId();
  const usable = push.status === 'on' || push.status === 'off';
  return (
    <div className="alarms-page__push">
      <Switch
        label="Alarm notifications on this browser"
        checked={push.status === 'on'}
        disabled={!usable || push.busy}
        onCheckedChange={(checked) => (checked ? push.turnOn() : push.turnOff())}
        {...(push.message === undefined ? {} : { 'aria-describedby': hintId })}
      />
      {push.message !== undefined && (
        <p id={hintId} className="alarms-page__hint" role="status">
          {push.message}
        </p>
      )}
    </div>
  );
}
