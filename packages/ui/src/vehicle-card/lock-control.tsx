import { useId } from 'react';
import { Button } from '../button';
import { LockIcon } from '../internal/icons';

export interface LockControlProps {
  /** null while the lock state is unknown. */
  isLocked: boolean | null;
  onLock: () => void;
  onUnlock: () => void;
  busy?: boolean | undefined;
}

/** Locked offers Unlock; unlocked offers Lock; unknown shows Lock disabled (spec, part 2 section 4). */
export function LockControl({ isLocked, onLock, onUnlock, busy = false }: LockControlProps) {
  const unknownId = useId();
  if (isLocked === true) {
    return (
      <Button variant="secondary" busy={busy} onClick={onUnlock}>
        <LockIcon open />
        Unlock
      </Button>
    );
  }
  const unknown = isLocked === null;
  return (
    <>
      <Button
        variant="secondary"
        busy={busy}
        disabled={unknown}
        onClick={onLock}
        aria-describedby={unknown ? unknownId : undefined}
      >
        <LockIcon />
        Lock
      </Button>
      {unknown && (
        <span id={unknownId} className="sn-visually-hidden">
          Lock state unknown
        </span>
      )}
    </>
  );
}
