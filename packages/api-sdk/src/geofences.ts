import { Type } from '@sinclair/typebox';
import { GeofencePageSchema, GeofencePreviewSchema, GeofenceSchema } from '@sentinel/domain';
import type { Geofence, GeofenceInput, GeofencePreview, GeofenceScopeKind, Page } from '@sentinel/domain';
import type { Caller } from './caller';
import { odataParams } from './odata';

/** Which geofences to list, and which page. */
export interface GeofenceListRequest {
  /** Only the geofences of this kind of scope. @default every kind */
  scopeKind?: GeofenceScopeKind;
  /** With scopeKind: only those of this vehicle, account holder or company. @default every one */
  scopeId?: number;
  /** Geofences per page, 1 to 500. @default 50 (the server's) */
  pageSize?: number;
  /** 0-based. @default 0 */
  pageIndex?: number;
}

/** A 204 answer: nothing to read. */
const NO_CONTENT = Type.Unknown();

export interface GeofencesApi {
  /**
   * GET /Geofences: one page of the geofences the caller may see, by name (then id). Admins and
   * Technical-Agents see all; a Company-Admin those of their company, its account holders and their
   * vehicles, and the Everyone ones (read-only).
   */
  list(request?: GeofenceListRequest): Promise<Page<Geofence>>;
  /** GET /Geofences/{id}: ApiError 404 when unknown or not the caller's to see. */
  get(geofenceId: number): Promise<Geofence>;
  /**
   * POST /Geofences: answers the stored geofence. ApiError 400 with `errors` at Name, Radius, Centre,
   * Points, Scope, Rules or `Rules[i].DwellMinutes|Days|From|To`, as geofenceErrors of
   * @sentinel/domain finds them before sending, and at Scope when the caller may not use the scope
   * (GEOFENCE_MESSAGES.scopeOutside); nothing is saved then.
   */
  create(input: GeofenceInput): Promise<Geofence>;
  /** PUT /Geofences/{id}: replaces the geofence; the same 400s as create. */
  update(geofenceId: number, input: GeofenceInput): Promise<Geofence>;
  /** DELETE /Geofences/{id}. */
  remove(geofenceId: number): Promise<void>;
  /**
   * POST /Geofences/Preview: 'Try on the last 7 days'. The rules of the geofence, saved or not, run
   * over the stored fixes of the last 7 days of every vehicle in its scope (that the caller may
   * see): the breaches they would have raised and how many fixes of how many vehicles were tried.
   * The same 400s as create; nothing is saved.
   */
  preview(input: GeofenceInput): Promise<GeofencePreview>;
}

export function createGeofencesApi(caller: Pick<Caller, 'callAuthorised'>): GeofencesApi {
  return {
    list: (request = {}) => {
      const searchParams: Record<string, string | number> = {
        ...odataParams({ pageSize: request.pageSize, pageIndex: request.pageIndex }),
      };
      if (request.scopeKind !== undefined) searchParams['scopeKind'] = request.scopeKind;
      if (request.scopeId !== undefined) searchParams['scopeId'] = request.scopeId;
      return caller.callAuthorised({ method: 'get', path: 'Geofences', searchParams }, GeofencePageSchema);
    },
    get: (geofenceId) =>
      caller.callAuthorised({ method: 'get', path: `Geofences/${geofenceId}` }, GeofenceSchema),
    create: (input) =>
      caller.callAuthorised({ method: 'post', path: 'Geofences', json: geofenceBody(input) }, GeofenceSchema),
    update: (geofenceId, input) =>
      caller.callAuthorised(
        { method: 'put', path: `Geofences/${geofenceId}`, json: geofenceBody(input) },
        GeofenceSchema,
      ),
    async remove(geofenceId) {
      await caller.callAuthorised({ method: 'delete', path: `Geofences/${geofenceId}` }, NO_CONTENT);
    },
    preview: (input) =>
      caller.callAuthorised(
        { method: 'post', path: 'Geofences/Preview', json: geofenceBody(input) },
        GeofencePreviewSchema,
      ),
  };
}

/**
 * The body as the contract has it: exactly its fields, so a caller that passes a stored Geofence
 * (with its id, scopeName and dates) to update is not refused for the extra ones.
 */
function geofenceBody({ name, shape, scope, rules }: GeofenceInput): GeofenceInput {
  return { name, shape, scope, rules };
}
