import {
  CompanyIdSchema,
  CompanyPageSchema,
  CompanyUserPageSchema,
  CompanyUserRemovedSchema,
  CompanyUserSchema,
  DEFAULT_COMPANY_LINK_ROLE,
} from '@sentinel/domain';
import type {
  Company,
  CompanyId,
  CompanyLinkRole,
  CompanyListFields,
  CompanyUser,
  CompanyUserListFields,
  Page,
} from '@sentinel/domain';
import type { Caller } from './caller';
import { odataParams } from './odata';
import type { ODataQuery } from './odata';

export interface CompaniesApi {
  /** GET /Companies with an OData query, e.g. `contains<CompanyListFields>('name', 'karoo')`; one page. */
  list(query?: ODataQuery<CompanyListFields> | ODataQuery): Promise<Page<Company>>;
  /** GET /Companies/{companyId}/CompanyUsers: one page of the company's users with their link role. */
  users(
    companyId: number,
    query?: ODataQuery<CompanyUserListFields> | ODataQuery,
  ): Promise<Page<CompanyUser>>;
  /**
   * POST /Companies with empty CompanyUsers and Vehicles: answers the new id. Throws ApiError with
   * `errors.CompanyName` when the name is empty, too long or taken.
   */
  create(name: string): Promise<CompanyId>;
  /**
   * POST /Companies/{companyId}/AddCompanyUser: answers the user as now linked.
   * @param role @default 'Company-Admin'
   */
  addUser(companyId: number, userId: number, role?: CompanyLinkRole): Promise<CompanyUser>;
  /** DELETE /Companies/{companyId}: refused (ApiError 400 with a message) while users are linked. */
  delete(companyId: number): Promise<void>;
  /** DELETE /Companies/{companyId}/CompanyUsers/{userId}: unlinks the user; they and their vehicles stay. */
  removeUser(companyId: number, userId: number): Promise<void>;
}

export function createCompaniesApi(caller: Pick<Caller, 'callAuthorised'>): CompaniesApi {
  return {
    list: (query) =>
      caller.callAuthorised(
        { method: 'get', path: 'Companies', searchParams: odataParams(query) },
        CompanyPageSchema,
      ),
    users: (companyId, query) =>
      caller.callAuthorised(
        { method: 'get', path: `Companies/${companyId}/CompanyUsers`, searchParams: odataParams(query) },
        CompanyUserPageSchema,
      ),
    create: (name) =>
      caller.callAuthorised(
        { method: 'post', path: 'Companies', json: { Name: name, CompanyUsers: [], Vehicles: [] } },
        CompanyIdSchema,
      ),
    addUser: (companyId, userId, role = DEFAULT_COMPANY_LINK_ROLE) =>
      caller.callAuthorised(
        {
          method: 'post',
          path: `Companies/${companyId}/AddCompanyUser`,
          json: { userId, companyId, role },
        },
        CompanyUserSchema,
      ),
    async delete(companyId) {
      await caller.callAuthorised({ method: 'delete', path: `Companies/${companyId}` }, CompanyIdSchema);
    },
    async removeUser(companyId, userId) {
      await caller.callAuthorised(
        { method: 'delete', path: `Companies/${companyId}/CompanyUsers/${userId}` },
        CompanyUserRemovedSchema,
      );
    },
  };
}
