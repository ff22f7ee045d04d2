import { ARMING_MESSAGES } from '@sentinel/domain';
import type { ArmingSchedule } from '@sentinel/domain';
import { ArmingScheduleDialog, armingScheduleText } from '../arming-schedule-dialog';
import { Button } from '../button';
import { ShieldIcon } from '../internal/icons';

/**
 * A vehicle's arming as the card shows it and changes it, owned by the caller: it holds the state
 * (the vehicle's armed, armedSince and armingSchedule) and makes the calls.
 */
export interface VehicleArming {
  /** Armed now, by hand or by its schedule. */
  armed: boolean;
  /**
   * When it was armed by hand, already formatted by the app (e.g. '27 Nov 2026, 22:05'); null when
   * it is not armed by hand (armed then means armed by its schedule).
   */
  armedSince: string | null;
  /** The hours it arms itself; null when it has none. */
  schedule: ArmingSchedule | null;
  onArm: () => void;
  onDisarm: () => void;
  /** An arm or disarm call is in flight. @default false */
  busy?: boolean | undefined;
  /** Saves the schedule: see ArmingScheduleDialog's onSave. */
  onSaveSchedule: (schedule: ArmingSchedule) => Promise<void>;
  /** Removes the schedule; absent, the dialog offers no 'Remove schedule'. */
  onRemoveSchedule?: (() => Promise<void>) | undefined;
}

/** The 'Armed' pill beside the lock state's badge; nothing while not armed. */
export function ArmedTag({ armed }: { armed: boolean }) {
  if (!armed) return null;
  return (
    <span className="sn-badge sn-badge--armed">
      <span className="sn-badge__dot" aria-hidden="true" />
      {ARMING_MESSAGES.armed}
    </span>
  );
}

/** What the 'Arming' row says: since when by hand, by its schedule, or not armed. */
export function armingText(armed: boolean, armedSince: string | null): string {
  if (!armed) return ARMING_MESSAGES.notArmed;
  return armedSince === null
    ? `${ARMING_MESSAGES.armed} by schedule`
    : `${ARMING_MESSAGES.armed} since ${armedSince}`;
}

/** The 'Arming' and 'Arming schedule' rows of the card's details. */
export function ArmingDetails({
  armed,
  armedSince,
  schedule,
}: Pick<VehicleArming, 'armed' | 'armedSince' | 'schedule'>) {
  return (
    <>
      <div className="sn-details__row">
        <dt className="sn-details__label">Arming</dt>
        <dd className="sn-details__value">{armingText(armed, armedSince)}</dd>
      </div>
      <div className="sn-details__row">
        <dt className="sn-details__label">Arming schedule</dt>
        <dd className="sn-details__value">{schedule === null ? 'None' : armingScheduleText(schedule)}</dd>
      </div>
    </>
  );
}

export interface ArmControlProps {
  armed: boolean;
  onArm: () => void;
  onDisarm: () => void;
  /** An arm or disarm call is in flight. @default false */
  busy?: boolean | undefined;
}

/** Armed offers Disarm; not armed offers Arm (as the lock control does for Lock and Unlock). */
export function ArmControl({ armed, onArm, onDisarm, busy = false }: ArmControlProps) {
  return (
    <Button
      variant="secondary"
      busy={busy}
      busyLabel={armed ? 'Disarming' : 'Arming'}
      onClick={armed ? onDisarm : onArm}
    >
      <ShieldIcon />
      {armed ? 'Disarm' : 'Arm'}
    </Button>
  );
}

/** Arm or Disarm, then 'Arming schedule' with its dialog. */
export function ArmingActions({
  arming,
  registrationNumber,
}: {
  arming: VehicleArming;
  registrationNumber?: string | undefined;
}) {
  return (
    <>
      <ArmControl armed={arming.armed} onArm={arming.onArm} onDisarm={arming.onDisarm} busy={arming.busy} />
      <ArmingScheduleDialog
        schedule={arming.schedule}
        onSave={arming.onSaveSchedule}
        onRemove={arming.onRemoveSchedule}
        registrationNumber={registrationNumber}
      />
    </>
  );
}
