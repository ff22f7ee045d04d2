/*
 * Several days of history for the demo fleet, so a new user replays real trips at once: each
 * installed vehicle commutes along its simulator road on weekdays (with the odd errand at
 * lunch), goes out once at weekends, parks with a receiver's jitter and a fix every half hour,
 * is unlocked before the first drive and locked after the last, and now and then raises a
 * tamper alert that staff cancel. Generated from a seed per vehicle and day, so every run draws
 * the same week relative to its own "now".
 */
import type { Kysely } from 'kysely';
import { customReplayPeriod, HISTORY_TYPE, johannesburgDate } from '@sentinel/domain';
import type { Database, NewVehicleHistoryEntry, PositionFixesTable } from '../../db/schema';
import { historyRow } from '../../db/seed/history';
import type { DemoHistoryEntry } from '../../db/seed/history';
import { userIdByEmail } from '../../db/seed/users';
import { insertPositionFixes } from '../../replay/position-fixes';
import { seededRandom } from './random';
import type { Random } from './random';
import { measureRoute, roadFor } from './roads';
import type { Route } from './roads';

export interface BackfillOptions {
  /** The end of the history. @default new Date() */
  now?: Date;
  /** How many Johannesburg days back it starts (today counts as one). @default 7 */
  days?: number;
  /** Seconds between two fixes while driving. @default 15 */
  driveFixSeconds?: number;
}

export interface BackfillReport {
  vehicles: number;
  fixes: number;
  historyEntries: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** A parked device reports a fix this often. */
const PARKED_FIX_MS = 30 * MINUTE_MS;
/** The slowest a demo vehicle drives. */
const SLOWEST_KMH = 50;

export interface DayPlan {
  fixes: PositionFixesTable[];
  events: DemoHistoryEntry[];
}

/** Plays one vehicle's days: where it is along its road, and what it reports. */
class Journey {
  readonly fixes: PositionFixesTable[] = [];
  readonly events: DemoHistoryEntry[] = [];
  private time: number;
  private along: number;

  constructor(
    private readonly vehicleId: number,
    private readonly route: Route,
    private readonly random: Random,
    private readonly end: number,
    private readonly driveFixMs: number,
    start: number,
    home: number,
  ) {
    this.time = start;
    this.along = home;
  }

  private fix(jitterMetres = 0): void {
    if (this.time >= this.end) return;
    const place = this.route.at(this.along);
    const jitter = () => ((this.random.next() - 0.5) * 2 * jitterMetres) / 111_000;
    this.fixes.push({
      vehicleId: this.vehicleId,
      at: new Date(this.time).toISOString(),
      latitudeDegrees: Math.round((place.latitudeDegrees + jitter()) * 1e6) / 1e6,
      longitudeDegrees: Math.round((place.longitudeDegrees + jitter()) * 1e6) / 1e6,
    });
  }

  /** Parked until the given time, a jittery fix every half hour. */
  parkUntil(until: number): void {
    while (this.time < until) {
      this.fix(12);
      this.time = Math.min(until, this.time + PARKED_FIX_MS);
    }
  }

  /**
   * Drives along the road to the given distance, at 50 to 100 km/h with the traffic, and stops
   * there (a last fix where it stands). A drive the end would cut short is not begun: the history
   * ends with the vehicle standing still, as its seeded status has it (a lock is never held for a
   * vehicle the history leaves on the road).
   */
  driveTo(target: number): void {
    const slowestStepMetres = (SLOWEST_KMH / 3.6) * (this.driveFixMs / 1000);
    const longestMs = (Math.ceil(Math.abs(target - this.along) / slowestStepMetres) + 1) * this.driveFixMs;
    if (this.time + longestMs >= this.end) return;
    const direction = target > this.along ? 1 : -1;
    let kmh = this.random.between(60, 90);
    while ((target - this.along) * direction > 0 && this.time < this.end) {
      this.fix();
      kmh = Math.min(100, Math.max(SLOWEST_KMH, kmh + this.random.between(-8, 8)));
      const step = (kmh / 3.6) * (this.driveFixMs / 1000);
      this.along = direction > 0 ? Math.min(target, this.along + step) : Math.max(target, this.along - step);
      this.time += this.driveFixMs;
    }
    this.fix();
    this.time += this.driveFixMs;
    this.fix();
  }

  event(entry: Omit<DemoHistoryEntry, 'dateTime' | 'latitudeDegrees' | 'longitudeDegrees'>): void {
    if (this.time >= this.end) return;
    const place = this.route.at(this.along);
    this.events.push({ ...entry, dateTime: new Date(this.time).toISOString(), ...place });
  }

  get now(): number {
    return this.time;
  }
}

/** One vehicle's days, from the first day's midnight to the end. */
export function planDemoDays(
  vehicleId: number,
  firstMidnight: number,
  days: number,
  end: number,
  driveFixMs: number,
): DayPlan {
  const route = measureRoute(roadFor(vehicleId));
  const base = seededRandom(vehicleId * 104_729 + 17);
  const home = base.between(0.02, 0.2) * route.lengthMetres;
  const work = base.between(0.7, 0.98) * route.lengthMetres;
  const journey = new Journey(vehicleId, route, base, end, driveFixMs, firstMidnight, home);
  const tamperDay = vehicleId % 3 === 0 ? vehicleId % days : -1;
  for (let day = 0; day < days; day += 1) {
    const midnight = firstMidnight + day * DAY_MS;
    const random = seededRandom(vehicleId * 7_919 + Math.floor(midnight / DAY_MS));
    const at = (hours: number) => midnight + hours * HOUR_MS;
    // Johannesburg is UTC+2: its midnight is 22:00 UTC the evening before.
    const weekday = new Date(midnight + 2 * HOUR_MS).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    journey.parkUntil(at(weekend ? random.between(9, 11) : random.between(6.3, 7.8)));
    journey.event({ type: HISTORY_TYPE.lockState, isLocked: false, by: 'owner' });
    if (weekend) {
      journey.driveTo(random.between(0.35, 0.65) * route.lengthMetres);
      journey.event({ type: HISTORY_TYPE.lockState, isLocked: true, by: 'owner' });
      journey.parkUntil(journey.now + random.between(1, 2.5) * HOUR_MS);
      journey.event({ type: HISTORY_TYPE.lockState, isLocked: false, by: 'owner' });
    } else {
      journey.driveTo(work);
      journey.parkUntil(at(random.between(12, 12.5)));
      // Raised and cancelled 20 minutes later, or not at all: a raise whose cancel would fall after
      // the end would stand in history while the vehicle has no active alert.
      if (day === tamperDay && journey.now + 20 * MINUTE_MS < end) {
        journey.event({
          type: HISTORY_TYPE.tamperAlert,
          tamperCancelled: false,
          by: null,
          tamperCarBatteryState: 'Disconnected',
          tamperGpsState: 'Fixed',
        });
        journey.parkUntil(journey.now + 20 * MINUTE_MS);
        journey.event({
          type: HISTORY_TYPE.tamperAlert,
          tamperCancelled: true,
          by: 'agent',
          tamperCarBatteryState: 'Normal',
          tamperGpsState: 'Fixed',
        });
      }
      if (random.chance(0.4)) {
        // A lunch errand a few kilometres back down the road, and back to work.
        journey.driveTo(work - random.between(2_000, 5_000));
        journey.parkUntil(journey.now + random.between(20, 45) * MINUTE_MS);
        journey.driveTo(work);
      }
      journey.parkUntil(at(random.between(16.5, 18)));
    }
    journey.driveTo(home);
    journey.event({ type: HISTORY_TYPE.lockState, isLocked: true, by: 'owner' });
  }
  journey.parkUntil(end);
  return { fixes: journey.fixes, events: journey.events };
}

/**
 * Adds the last `days` days of fixes and lock, unlock and tamper entries for every vehicle with
 * a linked device that has no fixes in that time yet; a vehicle already backfilled (or reporting
 * live) is left alone, so running it again adds nothing. The vehicle's status stays as seeded:
 * the backfill ends in the lock state the vehicle has, and repeats its newest entry last when
 * that is an alert, so its badge and lists read as before.
 */
export async function backfillDemoTrips(
  db: Kysely<Database>,
  options: BackfillOptions = {},
): Promise<BackfillReport> {
  const now = options.now ?? new Date();
  const days = options.days ?? 7;
  const driveFixMs = (options.driveFixSeconds ?? 15) * 1000;
  const today = customReplayPeriod(johannesburgDate(now), johannesburgDate(now));
  const firstMidnight = Date.parse(today.from) - (days - 1) * DAY_MS;
  const start = new Date(firstMidnight).toISOString();
  const end = now.getTime();

  return db.transaction().execute(async (trx) => {
    const staff = {
      admin: await userIdByEmail(trx, 'admin@sentinel.demo'),
      agent: await userIdByEmail(trx, 'agent@sentinel.demo'),
    };
    const vehicles = await trx
      .selectFrom('vehicles')
      .innerJoin('devices', 'devices.vehicleId', 'vehicles.id')
      .select(['vehicles.id', 'vehicles.userId', 'vehicles.isLocked'])
      .where('vehicles.lastKnownGpsLatitudeDegrees', 'is not', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('positionFixes')
              .select('positionFixes.vehicleId')
              .whereRef('positionFixes.vehicleId', '=', 'vehicles.id')
              .where('positionFixes.at', '>=', start),
          ),
        ),
      )
      .orderBy('vehicles.id')
      .execute();
    const report: BackfillReport = { vehicles: 0, fixes: 0, historyEntries: 0 };
    for (const vehicle of vehicles) {
      const { fixes, events } = planDemoDays(vehicle.id, firstMidnight, days, end, driveFixMs);
      const latest = await trx
        .selectFrom('vehicleHistory')
        .selectAll()
        .where('vehicleId', '=', vehicle.id)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const rows: NewVehicleHistoryEntry[] = events.map((event) =>
        historyRow(vehicle.id, event, { ...staff, owner: vehicle.userId }),
      );
      const last = events.at(-1);
      const lastFix = fixes.at(-1);
      if (last !== undefined && lastFix !== undefined) {
        const finalAt = lastFix.at > last.dateTime ? lastFix.at : last.dateTime;
        const place = {
          latitudeDegrees: lastFix.latitudeDegrees,
          longitudeDegrees: lastFix.longitudeDegrees,
        };
        const lastLock = events.filter((event) => event.type === HISTORY_TYPE.lockState).at(-1);
        // The vehicle's lock state comes last, unless another kind of entry follows below: also when
        // today's events end on a tamper alert and its cancel (the card's badge reads the newest entry).
        const endsOnLock = last.type === HISTORY_TYPE.lockState;
        if (vehicle.isLocked !== null && (!endsOnLock || lastLock?.isLocked !== (vehicle.isLocked === 1))) {
          rows.push(
            historyRow(
              vehicle.id,
              {
                type: HISTORY_TYPE.lockState,
                isLocked: vehicle.isLocked === 1,
                by: 'owner',
                dateTime: finalAt,
                ...place,
              },
              { ...staff, owner: vehicle.userId },
            ),
          );
        }
        if (latest !== undefined && latest.type !== HISTORY_TYPE.lockState) {
          const { id: _id, ...again } = latest;
          rows.push({ ...again, dateTime: finalAt, ...place });
        }
      }
      await insertPositionFixes(trx, fixes);
      for (let i = 0; i < rows.length; i += 200) {
        await trx
          .insertInto('vehicleHistory')
          .values(rows.slice(i, i + 200))
          .execute();
      }
      report.vehicles += 1;
      report.fixes += fixes.length;
      report.historyEntries += rows.length;
    }
    return report;
  });
}
