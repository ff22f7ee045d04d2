import { RoleListSchema } from '@sentinel/domain';
import type { Role } from '@sentinel/domain';
import type { Caller } from './caller';

export interface RolesApi {
  /** GET /Roles (staff only): the roles an agent can be given. */
  list(): Promise<Role[]>;
}

export function createRolesApi(caller: Pick<Caller, 'callAuthorised'>): RolesApi {
  return {
    list: async () => (await caller.callAuthorised({ method: 'get', path: 'Roles' }, RoleListSchema)).items,
  };
}
