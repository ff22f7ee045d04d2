import type { Static, TSchema } from '@sinclair/typebox';
import type { ApiRequest } from './http';

/**
 * What a resource module needs: send a request without or with the signed-in user's bearer token.
 * Each call names the contract schema of its answer; the answer is typed by it (and checked
 * against it when the client validates answers).
 */
export interface Caller {
  call<S extends TSchema>(request: ApiRequest, answer: S): Promise<Static<S>>;
  callAuthorised<S extends TSchema>(request: ApiRequest, answer: S): Promise<Static<S>>;
}
