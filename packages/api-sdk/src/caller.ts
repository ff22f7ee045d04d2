import type { ApiRequest } from './http';

/** What a resource module needs: send a request without or with the signed-in user's bearer token. */
export interface Caller {
  call<T>(request: ApiRequest): Promise<T>;
  callAuthorised<T>(request: ApiRequest): Promise<T>;
}

/** The list shape every collection call answers with. */
export interface ListResponse<T> {
  items: T[];
}
