/** One entry of GET /Vehicles/{id}/History (part 1, section 3). */
export interface HistoryEntry {
  id: number;
  vehicleId: number;
  /** ISO date-time. */
  dateTime: string;
  /** AuraCallout, LockState, TamperAlert or CapitalAirIncident (domain HISTORY_TYPE). */
  type: string;
  isLocked: boolean | null;
  isLockedByUserFirstName: string | null;
  isLockedByUserLastName: string | null;
  isLockedChangedByAdminUser: boolean | null;
  tamperCancelled: boolean | null;
  tamperCancelledByUserFirstName: string | null;
  tamperCancelledByUserLastName: string | null;
  tamperCarBatteryState: string | null;
  tamperGpsState: string | null;
  auraCalloutStatus: string | null;
  auraCalloutCreatedByUserFirstName: string | null;
  auraCalloutCreatedByUserLastName: string | null;
  capitalAirIncidentStatus: string | null;
  capitalAirIncidentCreatedByUserFirstName: string | null;
  capitalAirIncidentCreatedByUserLastName: string | null;
  lastKnownGpsLatitudeDegrees: number | null;
  lastKnownGpsLongitudeDegrees: number | null;
}

/** The name a vehicle's history CSV is saved under. */
export function historyCsvFileName(vehicleId: number | string): string {
  return `Vehicle-${vehicleId}-history.csv`;
}
