/* The history of the demo vehicles: lock changes, tamper alerts and partner call-outs. */
import { HISTORY_TYPE } from '@sentinel/domain';
import type { HistoryType } from '@sentinel/domain';
import type { NewVehicleHistoryEntry } from '../schema';
import { between, DAY_MS, DEMO_ANCHOR, flag, pick, round } from './generators';
import type { Random } from './generators';

export interface DemoHistoryEntry {
  type: HistoryType;
  dateTime: string;
  isLocked?: boolean;
  /** 'owner' (from the mobile app), 'admin' or 'agent' (demo staff), or null (the device). */
  by?: 'owner' | 'admin' | 'agent' | null;
  tamperCancelled?: boolean;
  tamperCarBatteryState?: string;
  tamperGpsState?: string;
  status?: string;
  latitudeDegrees: number | null;
  longitudeDegrees: number | null;
}

/** A few days of entries (oldest first) around the position; draws from the vehicle generator's random. */
export function demoHistory(
  random: Random,
  vehicleIndex: number,
  latitude: number,
  longitude: number,
): DemoHistoryEntry[] {
  const count = between(random, 3, 9);
  const entries: DemoHistoryEntry[] = [];
  let time = DEMO_ANCHOR - between(random, 20, 40) * DAY_MS;
  let locked = false;
  for (let i = 0; i < count; i += 1) {
    time += between(random, 2, 72) * 3_600_000;
    const at = new Date(time).toISOString();
    const position = {
      latitudeDegrees: round(latitude + (random() - 0.5) * 0.02, 6),
      longitudeDegrees: round(longitude + (random() - 0.5) * 0.02, 6),
    };
    const roll = random();
    if (roll < 0.1) {
      entries.push({
        type: HISTORY_TYPE.auraCallout,
        dateTime: at,
        by: pick(random, ['admin', 'agent']),
        status: pick(random, ['Dispatched', 'Resolved']),
        ...position,
      });
    } else if (roll < 0.18) {
      entries.push({
        type: HISTORY_TYPE.capitalAirIncident,
        dateTime: at,
        by: pick(random, ['admin', 'agent']),
        status: pick(random, ['Dispatched', 'Closed']),
        ...position,
      });
    } else if (roll < 0.3) {
      const cancelled = random() < 0.5;
      entries.push({
        type: HISTORY_TYPE.tamperAlert,
        dateTime: at,
        tamperCancelled: cancelled,
        by: cancelled ? pick(random, ['admin', 'agent']) : null,
        tamperCarBatteryState: pick(random, ['Normal', 'Low', 'Disconnected']),
        tamperGpsState: pick(random, ['Fixed', 'Jammed', 'No signal']),
        ...position,
      });
    } else {
      locked = !locked;
      const by = pick(random, ['owner', 'owner', 'admin', 'agent', null] as const);
      entries.push({ type: HISTORY_TYPE.lockState, dateTime: at, isLocked: locked, by, ...position });
    }
  }
  // Some installed vehicles end in an uncancelled tamper alert, so Active alerts has members.
  if (vehicleIndex % 10 === 2) {
    entries.push({
      type: HISTORY_TYPE.tamperAlert,
      dateTime: new Date(time + 3_600_000).toISOString(),
      tamperCancelled: false,
      by: null,
      tamperCarBatteryState: 'Normal',
      tamperGpsState: 'Fixed',
      latitudeDegrees: latitude,
      longitudeDegrees: longitude,
    });
  }
  return entries;
}

/** Who acted, by demo role: staff may be missing from a database whose demo users were removed. */
export type Who = { admin: number | undefined; agent: number | undefined; owner: number };

export function historyRow(vehicleId: number, entry: DemoHistoryEntry, who: Who): NewVehicleHistoryEntry {
  const by = entry.by === undefined || entry.by === null ? null : (who[entry.by] ?? null);
  const isAura = entry.type === 'AuraCallout';
  const isCapitalAir = entry.type === 'CapitalAirIncident';
  const isLock = entry.type === 'LockState';
  const isTamper = entry.type === 'TamperAlert';
  return {
    vehicleId,
    dateTime: entry.dateTime,
    type: entry.type,
    isLocked: isLock && entry.isLocked !== undefined ? flag(entry.isLocked) : null,
    isLockedByUserId: isLock ? by : null,
    isLockedChangedByAdminUser: isLock ? flag(entry.by === 'admin' || entry.by === 'agent') : null,
    tamperCancelled: isTamper ? flag(entry.tamperCancelled === true) : null,
    tamperCancelledByUserId: isTamper && entry.tamperCancelled === true ? by : null,
    tamperCarBatteryState: entry.tamperCarBatteryState ?? null,
    tamperGpsState: entry.tamperGpsState ?? null,
    auraCalloutStatus: isAura ? (entry.status ?? null) : null,
    auraCalloutCreatedByUserId: isAura ? by : null,
    capitalAirIncidentStatus: isCapitalAir ? (entry.status ?? null) : null,
    capitalAirIncidentCreatedByUserId: isCapitalAir ? by : null,
    latitudeDegrees: entry.latitudeDegrees,
    longitudeDegrees: entry.longitudeDegrees,
  };
}
