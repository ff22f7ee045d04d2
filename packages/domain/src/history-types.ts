/** The kinds of vehicle history entry (part 1, section 4). */
export const HISTORY_TYPE = {
  auraCallout: 'AuraCallout',
  lockState: 'LockState',
  tamperAlert: 'TamperAlert',
  capitalAirIncident: 'CapitalAirIncident',
} as const;

export type HistoryType = (typeof HISTORY_TYPE)[keyof typeof HISTORY_TYPE];

const ALERT_TYPES: readonly string[] = [
  HISTORY_TYPE.auraCallout,
  HISTORY_TYPE.tamperAlert,
  HISTORY_TYPE.capitalAirIncident,
];

/** An entry of one of these types puts the vehicle's badge into Alert. */
export function isAlertType(type: string): boolean {
  return ALERT_TYPES.includes(type);
}
