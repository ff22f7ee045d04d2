import type { Caller } from './caller';
import { odataParams } from './odata';
import type { ODataQuery } from './odata';

/** One page of a list call that takes `$pagesize` and `$pageindex`. */
export interface Page<T> {
  items: T[];
  /** How many items match the filter across all pages. */
  totalCount: number;
  /** The index of this page, in the server's numbering. */
  pageIndex: number;
  pageSize: number;
}

/** A user as GET /Users lists them (account holders and staff). */
export interface User {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneCode: string;
  phoneNumber: string;
  /** Null for staff, who are created without one. */
  idNumber: string | null;
  idNumberIsSouthAfrican: boolean;
  tamperActive: boolean;
  createdOnDateTime: string;
  roles: string[];
  totalNumberOfVehiclesWithDevice: number;
  totalNumberOfVehiclesWithoutDevice: number;
  totalNumberOfVehicles: number;
}

/** POST /Users: a staff member (agent). The role goes as its name. */
export interface CreateAgentRequest {
  FirstName: string;
  LastName: string;
  Email: string;
  /** @default '27' */
  phoneCode?: string;
  PhoneNumber: string;
  RoleName: string;
}

/** POST /Users/AccountHolder. */
export interface CreateAccountHolderRequest {
  FirstName: string;
  LastName: string;
  Email: string;
  /** @default '27' */
  PhoneCode?: string;
  PhoneNumber: string;
  IdNumber: string;
  /** @default true */
  IdNumberIsSouthAfrican?: boolean;
  /** @default true */
  acceptedTermsAndConditionsAndPolicy?: boolean;
  /** @default true */
  acceptedToAllowInformationToBeUsedToContact?: boolean;
}

/** PUT /Users/{id} and PUT /Drivers/{id}: contact edits change only the email and phone number. */
export interface ContactEditRequest {
  email: string;
  /** With or without the leading 0; the server keeps it without. */
  phoneNumber: string;
}

export interface UsersApi {
  /** GET /Users with an OData query, e.g. `eq('role', 'Account-Holder')`; one page. */
  list(query?: ODataQuery): Promise<Page<User>>;
  /** POST /Users: adds a staff member and answers its id. Throws ApiError with `errors` by field on 400. */
  createAgent(request: CreateAgentRequest): Promise<{ id: number }>;
  /** POST /Users/AccountHolder: answers the new account holder's id. */
  createAccountHolder(request: CreateAccountHolderRequest): Promise<{ id: number }>;
  /** PUT /Users/{id}: answers the user as changed. */
  update(id: number, request: ContactEditRequest): Promise<User>;
  /** POST /Users/ResendPasswordCreationLink: e-mails the user a new password-creation link. */
  resendPasswordCreationLink(userId: number): Promise<void>;
}

export function createUsersApi(caller: Pick<Caller, 'callAuthorised'>): UsersApi {
  return {
    list: (query) =>
      caller.callAuthorised({ method: 'get', path: 'Users', searchParams: odataParams(query) }),
    createAgent: (request) =>
      caller.callAuthorised({ method: 'post', path: 'Users', json: { phoneCode: '27', ...request } }),
    createAccountHolder: (request) =>
      caller.callAuthorised({
        method: 'post',
        path: 'Users/AccountHolder',
        json: {
          PhoneCode: '27',
          IdNumberIsSouthAfrican: true,
          acceptedTermsAndConditionsAndPolicy: true,
          acceptedToAllowInformationToBeUsedToContact: true,
          ...request,
        },
      }),
    update: (id, { email, phoneNumber }) =>
      caller.callAuthorised({ method: 'put', path: `Users/${id}`, json: { email, phoneNumber } }),
    async resendPasswordCreationLink(userId) {
      await caller.callAuthorised({
        method: 'post',
        path: 'Users/ResendPasswordCreationLink',
        json: { userId },
      });
    },
  };
}
