import { HISTORY_TYPE } from '@sentinel/domain';

/**
 * One vehicle history entry as the screens show it (part 1, section 3). Every field but `type` and
 * `dateTime` may be missing or null, so the SDK's entry type can be passed straight in.
 */
export interface HistoryEntryView {
  id?: number | string | undefined;
  /** ISO date-time. */
  dateTime: string;
  /** A HISTORY_TYPE of @sentinel/domain; other values render with a generic heading. */
  type: string;
  isLocked?: boolean | null | undefined;
  isLockedByUserFirstName?: string | null | undefined;
  isLockedByUserLastName?: string | null | undefined;
  isLockedChangedByAdminUser?: boolean | null | undefined;
  tamperCancelled?: boolean | null | undefined;
  tamperCancelledByUserFirstName?: string | null | undefined;
  tamperCancelledByUserLastName?: string | null | undefined;
  tamperCarBatteryState?: string | null | undefined;
  tamperGpsState?: string | null | undefined;
  auraCalloutStatus?: string | null | undefined;
  auraCalloutCreatedByUserFirstName?: string | null | undefined;
  auraCalloutCreatedByUserLastName?: string | null | undefined;
  capitalAirIncidentStatus?: string | null | undefined;
  capitalAirIncidentCreatedByUserFirstName?: string | null | undefined;
  capitalAirIncidentCreatedByUserLastName?: string | null | undefined;
  lastKnownGpsLatitudeDegrees?: number | null | undefined;
  lastKnownGpsLongitudeDegrees?: number | null | undefined;
}

/** The card heading for an entry. */
export function historyHeading(entry: HistoryEntryView): string {
  switch (entry.type) {
    case HISTORY_TYPE.lockState:
      return entry.isLocked ? 'Vehicle locked' : 'Vehicle unlocked';
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
