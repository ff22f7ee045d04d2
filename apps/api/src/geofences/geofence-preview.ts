/*
 * 'Try on the last 7 days': a geofence (saved or not) run over the stored fixes of the vehicles in
 * its scope, with the domain's previewGeofenceOnTrack, the same steps ingestion takes, so the list
 * is what the server would have raised.
 *
 * Fixes are read from trip replay's table (position_fixes, keyed by vehicle and instant) for a few
 * hundred vehicles per query, a page at a time along that key, on the database's reader (its own
 * threads on a SQLite file); each vehicle's track is judged once complete, with a turn of the event
 * loop between vehicles, so one preview never holds the api's thread for long.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { compileGeofence, GEOFENCE_PREVIEW_DAYS, previewGeofenceOnTrack } from '@sentinel/domain';
import type {
  CompiledGeofence,
  GeofenceBreach,
  GeofencePreview,
  GeofenceScope,
  StoredFix,
} from '@sentinel/domain';
import { userInScope } from '../access/scope';
import type { Scope } from '../access/scope';
import { instant, readerOf } from '../db/database';
import type { Database } from '../db/schema';
import type { StoredGeofence } from './geofence-queries';

type Db = Kysely<Database>;

/** The most breaches one answer lists: the newest are kept. */
export const PREVIEW_MAX_BREACHES = 500;
/** Vehicles whose fixes one query reads. */
const VEHICLES_PER_QUERY = 500;
/** Fixes one query reads at most. */
const FIXES_PER_PAGE = 20_000;

const DAY_MS = 24 * 60 * 60_000;

/** The vehicles a scope takes in, within the caller's reach, with their registrations, by id. */
function vehiclesInScope(db: Db, scope: GeofenceScope, reach: Scope) {
  let query = db.selectFrom('vehicles').select(['vehicles.id', 'vehicles.registrationNumber']);
  const id = scope.id ?? 0;
  switch (scope.kind) {
    case 'Vehicle':
      query = query.where('vehicles.id', '=', id);
      break;
    case 'AccountHolder':
      query = query.where('vehicles.userId', '=', id);
      break;
    case 'Company':
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('companyUsers')
            .select('companyUsers.userId')
            .whereRef('companyUsers.userId', '=', 'vehicles.userId')
            .where('companyUsers.companyId', '=', id),
        ),
      );
      break;
    case 'Everyone':
      break;
  }
  const owner = userInScope(reach, sql.ref<number>('vehicles.userId'));
  if (owner) query = query.where(owner);
  return query.orderBy('vehicles.id').execute();
}

/** Oldest first; instants are stored ISO 8601 UTC with milliseconds, so text order is time order. */
const byTime = (a: GeofenceBreach, b: GeofenceBreach) =>
  a.at < b.at ? -1 : a.at > b.at ? 1 : a.vehicleId - b.vehicleId;

interface FixRow extends StoredFix {
  vehicleId: number;
}

/**
 * The fixes of these vehicles from (inclusive) to (exclusive), ordered by vehicle and instant, a
 * page at a time: each page starts after the last (vehicle, instant) of the one before.
 */
async function* fixPages(db: Db, vehicleIds: readonly number[], from: string, to: string) {
  let after: { vehicleId: number; at: string } | undefined;
  for (;;) {
    const start = after;
    const page: FixRow[] = await db
      .selectFrom('positionFixes')
      .select(['vehicleId', 'at', 'latitudeDegrees', 'longitudeDegrees'])
      .where('vehicleId', 'in', vehicleIds)
      .where('at', '>=', from)
      .where('at', '<', to)
      .$call((query) =>
        start === undefined
          ? query
          : query.where((eb) =>
              eb.or([
                eb('vehicleId', '>', start.vehicleId),
                eb.and([eb('vehicleId', '=', start.vehicleId), eb('at', '>', start.at)]),
              ]),
            ),
      )
      .orderBy('vehicleId')
      .orderBy('at')
      .limit(FIXES_PER_PAGE)
      .execute();
    if (page.length > 0) yield page;
    if (page.length < FIXES_PER_PAGE) return;
    const last = page.at(-1)!;
    after = { vehicleId: last.vehicleId, at: last.at };
  }
}

/**
 * The breaches the geofence's rules would have raised over the last GEOFENCE_PREVIEW_DAYS days of
 * every vehicle in its scope the caller may see, oldest first; past PREVIEW_MAX_BREACHES, the
 * newest are listed.
 */
export async function previewGeofence(
  db: Db,
  geofence: Omit<StoredGeofence, 'id'>,
  reach: Scope,
  now: Date = new Date(),
): Promise<GeofencePreview> {
  const compiled: CompiledGeofence = compileGeofence({ id: 0, ...geofence });
  const to = instant(now);
  const from = instant(new Date(now.getTime() - GEOFENCE_PREVIEW_DAYS * DAY_MS));
  const reader = readerOf(db);
  const vehicles = await vehiclesInScope(reader, geofence.scope, reach);
  const registrations = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle.registrationNumber]));

  const breaches: GeofenceBreach[] = [];
  let vehiclesWithFixes = 0;
  let fixes = 0;
  const judge = async (vehicleId: number, track: StoredFix[]) => {
    vehiclesWithFixes += 1;
    fixes += track.length;
    const registrationNumber = registrations.get(vehicleId) ?? '';
    for (const breach of previewGeofenceOnTrack(compiled, track)) {
      breaches.push({
        vehicleId,
        registrationNumber,
        at: breach.at,
        trigger: breach.trigger,
        priority: breach.priority,
        text: breach.text,
      });
    }
    // Only the newest PREVIEW_MAX_BREACHES are answered: keep at most twice that in memory, so a
    // busy scope's week costs no more than a short one's.
    if (breaches.length > 2 * PREVIEW_MAX_BREACHES) {
      breaches.sort(byTime);
      breaches.splice(0, breaches.length - PREVIEW_MAX_BREACHES);
    }
    // Another request's turn before the next vehicle.
    await nextTurn();
  };

  for (let index = 0; index < vehicles.length; index += VEHICLES_PER_QUERY) {
    const ids = vehicles.slice(index, index + VEHICLES_PER_QUERY).map((vehicle) => vehicle.id);
    let current: { vehicleId: number; track: StoredFix[] } | undefined;
    for await (const page of fixPages(reader, ids, from, to)) {
      for (const row of page) {
        if (current?.vehicleId !== row.vehicleId) {
          if (current) await judge(current.vehicleId, current.track);
          current = { vehicleId: row.vehicleId, track: [] };
        }
        current.track.push({
          at: row.at,
          latitudeDegrees: row.latitudeDegrees,
          longitudeDegrees: row.longitudeDegrees,
        });
      }
    }
    if (current) await judge(current.vehicleId, current.track);
  }

  breaches.sort(byTime);
  return {
    from,
    to,
    vehicles: vehiclesWithFixes,
    fixes,
    breaches: breaches.slice(-PREVIEW_MAX_BREACHES),
  };
}
