/*
 * The alarm settings (ALARM_*, DEVICE_REPORT_INTERVAL_SECONDS and ARMING_DRIFT_METRES in the
 * README): the low device battery threshold, when a device counts as silent, how far an armed
 * vehicle may seem to move, and each kind's response target. The alarms plugin holds them
 * (app.alarmSettings); the telemetry service and the silent sweep are given them.
 */
import { ALARM_KIND_DEFAULTS, DEFAULT_ARMING_DRIFT_METRES } from '@sentinel/domain';
import type { AlarmKind } from '@sentinel/domain';

export interface AlarmSettings {
  /** ALARM_LOW_DEVICE_BATTERY_PERCENT: a report below this opens LowDeviceBattery. @default 15 */
  lowDeviceBatteryPercent: number;
  /**
   * DEVICE_REPORT_INTERVAL_SECONDS: the longest a healthy device goes between two reports, parked
   * (a Teltonika FMB's factory "on stop" period is an hour; the simulator reports every 2 s).
   * @default 3600
   */
  deviceReportIntervalSeconds: number;
  /** ALARM_SILENCE_FACTOR: a device unheard for the interval times this opens DeviceSilent. @default 3 */
  silenceFactor: number;
  /**
   * ALARM_SILENCE_WATCH_HOURS: only a device heard within this long is watched, so one long
   * silent (or never live, as the seeded demo's) does not open an alarm whenever an api starts.
   * @default 24
   */
  silenceWatchHours: number;
  /** ALARM_DEVICE_SILENT_SECONDS: the shorter silence that opens DeviceSilent beside another active alarm. @default 300 */
  deviceSilentSeconds: number;
  /** How often the silent sweep runs. @default 30000 */
  silentSweepMs: number;
  /** ARMING_DRIFT_METRES: an armed vehicle further than this from where it was armed opens ArmedMovement. @default 150 */
  armingDriftMetres: number;
  /** ALARM_ACK_TARGET_SECONDS_<KIND>: each kind's response target. @default ALARM_KIND_DEFAULTS */
  acknowledgeWithinSeconds: Record<AlarmKind, number>;
}

export const DEFAULT_ALARM_SETTINGS: AlarmSettings = {
  lowDeviceBatteryPercent: 15,
  deviceReportIntervalSeconds: 3600,
  silenceFactor: 3,
  silenceWatchHours: 24,
  deviceSilentSeconds: 300,
  silentSweepMs: 30_000,
  armingDriftMetres: DEFAULT_ARMING_DRIFT_METRES,
  acknowledgeWithinSeconds: {
    Tamper: ALARM_KIND_DEFAULTS.Tamper.acknowledgeWithinSeconds,
    PowerCut: ALARM_KIND_DEFAULTS.PowerCut.acknowledgeWithinSeconds,
    GpsJammed: ALARM_KIND_DEFAULTS.GpsJammed.acknowledgeWithinSeconds,
    GpsLost: ALARM_KIND_DEFAULTS.GpsLost.acknowledgeWithinSeconds,
    LowDeviceBattery: ALARM_KIND_DEFAULTS.LowDeviceBattery.acknowledgeWithinSeconds,
    DeviceSilent: ALARM_KIND_DEFAULTS.DeviceSilent.acknowledgeWithinSeconds,
    ArmedMovement: ALARM_KIND_DEFAULTS.ArmedMovement.acknowledgeWithinSeconds,
    ArmedIgnition: ALARM_KIND_DEFAULTS.ArmedIgnition.acknowledgeWithinSeconds,
    GeofenceBreach: ALARM_KIND_DEFAULTS.GeofenceBreach.acknowledgeWithinSeconds,
    Panic: ALARM_KIND_DEFAULTS.Panic.acknowledgeWithinSeconds,
  },
};

/** What build() takes: any setting, each response target on its own. */
export type AlarmOptions = Partial<Omit<AlarmSettings, 'acknowledgeWithinSeconds'>> & {
  acknowledgeWithinSeconds?: Partial<Record<AlarmKind, number>>;
};

export function alarmSettings(options: AlarmOptions = {}): AlarmSettings {
  return {
    ...DEFAULT_ALARM_SETTINGS,
    ...options,
    acknowledgeWithinSeconds: {
      ...DEFAULT_ALARM_SETTINGS.acknowledgeWithinSeconds,
      ...options.acknowledgeWithinSeconds,
    },
  };
}

/** ALARM_ACK_TARGET_SECONDS_<KIND>'s <KIND> for a kind: PowerCut → POWER_CUT. */
export function kindSettingName(kind: AlarmKind): string {
  return `ALARM_ACK_TARGET_SECONDS_${kind.replace(/(?<=[a-z])(?=[A-Z])/g, '_').toUpperCase()}`;
}
