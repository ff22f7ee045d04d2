import type { Caller, ListResponse } from './caller';

/** One entry of GET /Roles. */
export interface Role {
  id: number;
  name: string;
}

export interface RolesApi {
  /** GET /Roles (staff only): the roles an agent can be given. */
  list(): Promise<Role[]>;
}

export function createRolesApi(caller: Pick<Caller, 'callAuthorised'>): RolesApi {
  return {
    list: async () =>
      (await caller.callAuthorised<ListResponse<Role>>({ method: 'get', path: 'Roles' })).items,
  };
}
