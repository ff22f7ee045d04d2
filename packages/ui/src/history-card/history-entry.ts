import { HISTORY_TYPE } from '@sentinel/domain';
import type { HistoryEntry } from '@sentinel/domain';

/** Each field may be left out or null. */
type Optional<T> = { [K in keyof T]?: T[K] | undefined };

/**
 * One vehicle history entry as the screens show it (part 1, section 3): the contract's entry, where
 * every field but `type` and `dateTime` may be missing, so the SDK's entry can be passed straight in.
 * `type` is a HISTORY_TYPE; other values render with a generic heading.
 */
export type HistoryEntryView = Pick<HistoryEntry, 'dateTime' | 'type'> &
  Optional<Omit<HistoryEntry, 'dateTime' | 'type' | 'vehicleId'>>;

/** The card heading for an entry. */
export function historyHeading(entry: HistoryEntryView): string {
  switch (entry.type) {
    case HISTORY_TYPE.lockState: {
      // A lock command that did not happen says so, whatever the lock state it left.
      const status = entry.lockCommandStatus;
      if (entry.lockCommandType && status && status !== 'Confirmed') {
        return `${entry.lockCommandType} ${status.toLowerCase()}`;
      }
      return entry.isLocked ? 'Vehicle locked' : 'Vehicle unlocked';
    }
    case HISTORY_TYPE.tamperAlert:
      return 'Tamper alert';
    case HISTORY_TYPE.auraCallout:
      return 'Aura callout';
    case HISTORY_TYPE.capitalAirIncident:
      return 'Capital Air incident';
    default:
      return entry.type;
  }
}

/** 'First Last' from the parts that are present, or undefined when neither is. */
export function fullName(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): string | undefined {
  const name = [firstName, lastName]
    .filter((part) => part !== undefined && part !== null && part !== '')
    .join(' ');
  return name === '' ? undefined : name;
}
