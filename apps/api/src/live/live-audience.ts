/*
 * Who may watch a vehicle live: the same people who may read it through the REST routes
 * (src/access/scope.ts), asked the other way round (from the vehicle to its watchers). Admin and
 * Technical-Agent see every vehicle, so their connections join one group and each message is one
 * group send. A Company-Admin sees the vehicles of the users linked to the companies they
 * administer; links change while people are connected, so that audience is looked up per vehicle
 * (an indexed join, reused for a second) rather than frozen into groups at connect time; each
 * Company-Admin's connections share a group of their own, so a message is one send either way.
 */
import type { Kysely } from 'kysely';
import { ROLE } from '@sentinel/domain';
import type { RoleName } from '@sentinel/domain';
import type { Database } from '../db/schema';
import { preparedQuery } from '../telemetry/prepared-query';

/** The hub group of every connection that may see all vehicles. */
export const ALL_VEHICLES_GROUP = 'staff';

const ALL_VEHICLE_ROLES: readonly RoleName[] = [ROLE.admin, ROLE.technicalAgent];

export function seesEveryVehicle(role: RoleName): boolean {
  return ALL_VEHICLE_ROLES.includes(role);
}

/**
 * The Company-Admin users who administer a company this vehicle's owner is linked to.
 * Only users whose own role is Company-Admin: an Admin also linked to a company already
 * receives everything through the staff group and must not get each message twice.
 */
const watchingAdmins = preparedQuery(['vehicleId'], (db, param) =>
  db
    .selectFrom('vehicles')
    .innerJoin('companyUsers as owner', 'owner.userId', 'vehicles.userId')
    .innerJoin('companyUsers as admin', 'admin.companyId', 'owner.companyId')
    .innerJoin('userRoles', 'userRoles.userId', 'admin.userId')
    .innerJoin('roles', 'roles.id', 'userRoles.roleId')
    .select('admin.userId')
    .distinct()
    .where('vehicles.id', '=', param('vehicleId'))
    .where('admin.role', '=', ROLE.companyAdmin)
    .where('roles.name', '=', ROLE.companyAdmin),
);

export async function companyAdminsWatching(db: Kysely<Database>, vehicleId: number): Promise<number[]> {
  // Built once: a reporting fleet asks it for every vehicle each second.
  const { rows } = await watchingAdmins(db, { vehicleId });
  return rows.map(({ userId }) => userId);
}

/** The hub group of one Company-Admin's connections, so a message reaches them with the staff's. */
export function companyAdminGroup(userId: number): string {
  return `company-admin:${userId}`;
}

export interface AudienceCache {
  /** companyAdminsWatching, reused for a while per vehicle; concurrent asks share one lookup. */
  companyAdminsWatching(vehicleId: number): Promise<number[]>;
  /** Forgets every vehicle's audience (after a company change). */
  clear(): void;
}

/**
 * A reporting vehicle sends a message every few seconds, each needing its audience: looked up
 * once per vehicle per maxAgeMs instead, so the database sees one query per vehicle rather than
 * one per message. A link change is seen within maxAgeMs, or at once when clear() is called.
 */
export function createAudienceCache(db: Kysely<Database>, maxAgeMs: number): AudienceCache {
  const entries = new Map<number, { admins: Promise<number[]>; until: number }>();
  return {
    companyAdminsWatching(vehicleId) {
      const now = Date.now();
      const cached = entries.get(vehicleId);
      if (cached && cached.until > now) return cached.admins;
      const admins = companyAdminsWatching(db, vehicleId);
      const entry = { admins, until: now + maxAgeMs };
      entries.set(vehicleId, entry);
      // A failed lookup is not kept: the next message asks again.
      admins.catch(() => {
        if (entries.get(vehicleId) === entry) entries.delete(vehicleId);
      });
      return admins;
    },
    clear() {
      entries.clear();
    },
  };
}
