import { Type } from '@sinclair/typebox';
import { BreachIncidentPageSchema, BreachIncidentSchema } from '@sentinel/domain';
import type { BreachIncident, BreachIncidentInput, BreachIncidentListFields, Page } from '@sentinel/domain';
import type { Caller } from './caller';
import { odataParams } from './odata';
import type { ODataQuery } from './odata';

/** The name the breach register's CSV is saved under (the server's Content-Disposition says the same). */
export const BREACH_REGISTER_CSV_FILE_NAME = 'Breach-register.csv';

/** The register as a file to save. */
export interface BreachRegisterCsv {
  blob: Blob;
  fileName: string;
}

export interface BreachRegisterApi {
  /**
   * GET /BreachIncidents (Admin only): one page of the register, newest discovery first, with an
   * OData query, e.g. the incidents the Information Regulator has not been told of:
   * `eq<BreachIncidentListFields>('regulatorNotifiedAt', null)`.
   */
  list(query?: ODataQuery<BreachIncidentListFields>): Promise<Page<BreachIncident>>;
  /**
   * POST /BreachIncidents: records an incident and answers it as stored. ApiError 400 with `errors`
   * at OccurredAt, DiscoveredAt, Description, DataClasses, PeopleAffected, RegulatorNotifiedAt or
   * PeopleNotifiedAt, as breachIncidentErrors of @sentinel/domain finds them before sending.
   */
  create(input: BreachIncidentInput): Promise<BreachIncident>;
  /**
   * PUT /BreachIncidents/{id}: replaces the incident's fields, e.g. to record when the Regulator and
   * the people were told; a notification time left out reads as not told. The same 400s as create;
   * ApiError 404 when there is no such incident.
   */
  update(incidentId: number, input: BreachIncidentInput): Promise<BreachIncident>;
  /** GET /BreachIncidents/Csv: the whole register, newest discovery first, as a CSV file. */
  downloadCsv(): Promise<BreachRegisterCsv>;
}

export function createBreachRegisterApi(caller: Pick<Caller, 'callAuthorised'>): BreachRegisterApi {
  return {
    list: (query) =>
      caller.callAuthorised(
        { method: 'get', path: 'BreachIncidents', searchParams: odataParams(query) },
        BreachIncidentPageSchema,
      ),
    create: (input) =>
      caller.callAuthorised(
        { method: 'post', path: 'BreachIncidents', json: incidentBody(input) },
        BreachIncidentSchema,
      ),
    update: (incidentId, input) =>
      caller.callAuthorised(
        { method: 'put', path: `BreachIncidents/${incidentId}`, json: incidentBody(input) },
        BreachIncidentSchema,
      ),
    async downloadCsv() {
      // As the history download: the text/csv answer read as text through the refreshing caller.
      const text = await caller.callAuthorised(
        { method: 'get', path: 'BreachIncidents/Csv' },
        Type.Union([Type.String(), Type.Undefined()]),
      );
      return {
        blob: new Blob([text ?? ''], { type: 'text/csv;charset=utf-8' }),
        fileName: BREACH_REGISTER_CSV_FILE_NAME,
      };
    },
  };
}

/**
 * The body as the contract has it: exactly its fields, the notification times always sent (null
 * while not told), so a stored incident passed to update is not refused for its id and dates.
 */
function incidentBody(input: BreachIncidentInput): BreachIncidentInput {
  return {
    occurredAt: input.occurredAt,
    discoveredAt: input.discoveredAt,
    description: input.description,
    dataClasses: input.dataClasses,
    peopleAffected: input.peopleAffected,
    regulatorNotifiedAt: input.regulatorNotifiedAt ?? null,
    peopleNotifiedAt: input.peopleNotifiedAt ?? null,
  };
}
