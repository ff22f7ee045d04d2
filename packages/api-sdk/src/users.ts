import { NewUserSchema, PasswordCreationLinkSchema, UserPageSchema, UserSchema } from '@sentinel/domain';
import type {
  ContactEditRequest,
  CreateAccountHolderRequest,
  CreateAgentRequest,
  NewUser,
  Page,
  User,
  UserListFields,
} from '@sentinel/domain';
import type { Caller } from './caller';
import { odataParams } from './odata';
import type { ODataQuery } from './odata';

export interface UsersApi {
  /**
   * GET /Users with an OData query, e.g. `eq<UserListFields>('role', 'Account-Holder')`; one page.
   * A query built without the list's type is taken too.
   */
  list(query?: ODataQuery<UserListFields> | ODataQuery): Promise<Page<User>>;
  /** POST /Users: adds a staff member and answers its id. Throws ApiError with `errors` by field on 400. */
  createAgent(request: CreateAgentRequest): Promise<NewUser>;
  /** POST /Users/AccountHolder: answers the new account holder's id. */
  createAccountHolder(request: CreateAccountHolderRequest): Promise<NewUser>;
  /** PUT /Users/{id}: answers the user as changed. */
  update(id: number, request: ContactEditRequest): Promise<User>;
  /** POST /Users/ResendPasswordCreationLink: e-mails the user a new password-creation link. */
  resendPasswordCreationLink(userId: number): Promise<void>;
}

export function createUsersApi(caller: Pick<Caller, 'callAuthorised'>): UsersApi {
  return {
    list: (query) =>
      caller.callAuthorised(
        { method: 'get', path: 'Users', searchParams: odataParams(query) },
        UserPageSchema,
      ),
    createAgent: (request) =>
      caller.callAuthorised(
        { method: 'post', path: 'Users', json: { phoneCode: '27', ...request } },
        NewUserSchema,
      ),
    createAccountHolder: (request) =>
      caller.callAuthorised(
        {
          method: 'post',
          path: 'Users/AccountHolder',
          json: {
            PhoneCode: '27',
            IdNumberIsSouthAfrican: true,
            acceptedTermsAndConditionsAndPolicy: true,
            acceptedToAllowInformationToBeUsedToContact: true,
            ...request,
          },
        },
        NewUserSchema,
      ),
    update: (id, { email, phoneNumber }) =>
      caller.callAuthorised({ method: 'put', path: `Users/${id}`, json: { email, phoneNumber } }, UserSchema),
    async resendPasswordCreationLink(userId) {
      await caller.callAuthorised(
        { method: 'post', path: 'Users/ResendPasswordCreationLink', json: { userId } },
        PasswordCreationLinkSchema,
      );
    },
  };
}
