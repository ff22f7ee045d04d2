/** The name a vehicle's history CSV is saved under. */
export function historyCsvFileName(vehicleId: number | string): string {
  return `Vehicle-${vehicleId}-history.csv`;
}
