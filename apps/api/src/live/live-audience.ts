/*
 * Who may watch a vehicle live: the same people who may read it through the REST routes
 * (src/access/scope.ts), asked the other way round (from the vehicle to its watchers). Admin and
 * Technical-Agent see every vehicle, so their connections join one group and each message is one
 * group send. A Company-Admin sees the vehicles of the users linked to the companies they
 * administer; links change while people are connected, so that audience is looked up per message
 * (an indexed join) rather than frozen into groups at connect time.
 */
import type { Kysely } from 'kysely';
import { ROLE } from '@sentinel/domain';
import type { RoleName } from '@sentinel/domain';
import type { Database } from '../db/schema';

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
export async function companyAdminsWatching(db: Kysely<Database>, vehicleId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('vehicles')
    .innerJoin('companyUsers as owner', 'owner.userId', 'vehicles.userId')
    .innerJoin('companyUsers as admin', 'admin.companyId', 'owner.companyId')
    .innerJoin('userRoles', 'userRoles.userId', 'admin.userId')
    .innerJoin('roles', 'roles.id', 'userRoles.roleId')
    .select('admin.userId')
    .distinct()
    .where('vehicles.id', '=', vehicleId)
    .where('admin.role', '=', ROLE.companyAdmin)
    .where('roles.name', '=', ROLE.companyAdmin)
    .execute();
  return rows.map(({ userId }) => userId);
}
