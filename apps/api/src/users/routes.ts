import { sql } from 'kysely';
import type { Expression, SqlBool } from 'kysely';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateAccountHolderRequestSchema,
  CreateAgentRequestSchema,
  NewUserSchema,
  PasswordCreationLinkSchema,
  ref as schemaRef,
  ROLE,
  MANAGER_ROLES,
  STAFF_ROLES,
  UserPageSchema,
  UserSchema,
  validateAccountHolder,
  validateAgent,
} from '@sentinel/domain';
import type { RoleName, User, UserListField } from '@sentinel/domain';
import { canSeeUser, scopeOf, userInScope } from '../access/scope';
import { sendPasswordCreationLink } from '../auth/password-creation';
import { instant, isUniqueViolation } from '../db/database';
import type { Database } from '../db/schema';
import { ApiError, notFound, ProblemDetailsRef, throwIfInvalid } from '../errors';
import { compileListQuery } from '../odata/compile';
import type { FieldMap } from '../odata/compile';
import { runPagedList } from '../odata/paged-list';
import { ODataError } from '../odata/parse';
import type { Kysely } from 'kysely';
import {
  bool,
  ContactEditBody,
  contactEditColumns,
  IdParams,
  ListAnswers,
  ListQuerystring,
  storedPhoneNumber,
} from './schemas';

export const DUPLICATE_EMAIL = 'A user with this email address already exists';

const ref = <T>(column: string) => sql.ref<T>(column);

/** 'role eq X': the user holds role X, a pseudo field over user_roles. */
function roleCondition(operator: string, value: unknown): Expression<SqlBool> {
  if ((operator !== 'eq' && operator !== 'ne') || typeof value !== 'string') {
    throw new ODataError('$filter', "role takes eq or ne and a role name, e.g. role eq 'Account-Holder'.");
  }
  // One covering-index probe per user: the role id is looked up once (an uncorrelated subquery).
  const holds = sql<SqlBool>`exists (select 1 from user_roles where user_roles.user_id = users.id and user_roles.role_id = (select roles.id from roles where roles.name = ${value}))`;
  return operator === 'eq' ? holds : sql<SqlBool>`not ${holds}`;
}

const USER_FIELDS = {
  id: { type: 'number', expression: ref('users.id') },
  firstName: { type: 'string', expression: ref('users.firstName') },
  lastName: { type: 'string', expression: ref('users.lastName') },
  email: { type: 'string', expression: ref('users.email') },
  role: { type: 'string', expression: sql`null`, compare: roleCondition, sortable: false },
  tamperActive: { type: 'boolean', expression: ref('users.tamperActive') },
  createdOnDateTime: { type: 'dateTime', expression: ref('users.createdOnDateTime') },
  totalNumberOfVehiclesWithDevice: { type: 'number', expression: ref('users.vehiclesWithDeviceCount') },
  totalNumberOfVehiclesWithoutDevice: { type: 'number', expression: ref('users.vehiclesWithoutDeviceCount') },
  totalNumberOfVehicles: {
    type: 'number',
    expression: sql`(users.vehicles_with_device_count + users.vehicles_without_device_count)`,
  },
} satisfies FieldMap<UserListField>;

async function loadUsers(db: Kysely<Database>, ids: readonly number[]): Promise<User[]> {
  if (ids.length === 0) return [];
  const [rows, roles] = await Promise.all([
    db.selectFrom('users').selectAll().where('id', 'in', ids).execute(),
    db
      .selectFrom('userRoles')
      .innerJoin('roles', 'roles.id', 'userRoles.roleId')
      .select(['userRoles.userId', 'roles.name'])
      .where('userRoles.userId', 'in', ids)
      .orderBy('roles.id')
      .execute(),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const user = byId.get(id);
    if (!user) return [];
    return [
      {
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        phoneCode: user.phoneCode,
        phoneNumber: user.phoneNumber,
        idNumber: user.idNumber,
        idNumberIsSouthAfrican: bool(user.idNumberIsSouthAfrican),
        tamperActive: bool(user.tamperActive),
        createdOnDateTime: user.createdOnDateTime,
        roles: roles.filter((role) => role.userId === id).map((role) => role.name),
        totalNumberOfVehiclesWithDevice: user.vehiclesWithDeviceCount,
        totalNumberOfVehiclesWithoutDevice: user.vehiclesWithoutDeviceCount,
        totalNumberOfVehicles: user.vehiclesWithDeviceCount + user.vehiclesWithoutDeviceCount,
      },
    ];
  });
}

const duplicateEmail = () => new ApiError('validation', { Email: [DUPLICATE_EMAIL] });

/** A 400 when another user (not `exceptUserId`) has this address, in any case. */
async function refuseTakenEmail(db: Kysely<Database>, email: string, exceptUserId?: number): Promise<void> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()));
  if (exceptUserId !== undefined) query = query.where('id', '<>', exceptUserId);
  if ((await query.executeTakeFirst()) !== undefined) throw duplicateEmail();
}

/** The same address can slip in between the check and the write; the unique index decides. */
const duplicateEmailOnRace = (error: unknown): never => {
  if (isUniqueViolation(error)) throw duplicateEmail();
  throw error;
};

const NewUserAnswers = {
  200: schemaRef(NewUserSchema),
  400: ProblemDetailsRef,
  401: ProblemDetailsRef,
  403: ProblemDetailsRef,
};

export const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(UserSchema);
  app.addSchema(NewUserSchema);
  const UserRef = schemaRef(UserSchema);

  /** Adds the user with the role and e-mails them a password-creation link; a 400 when the address is taken. */
  const createUser = async (
    input: {
      firstName: string;
      lastName: string;
      email: string;
      phoneCode: string;
      phoneNumber: string;
      idNumber: string | null;
      idNumberIsSouthAfrican: boolean;
    },
    role: RoleName,
  ): Promise<number> => {
    await refuseTakenEmail(app.db, input.email);
    try {
      const id = await app.db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('users')
          .values({
            email: input.email.trim(),
            firstName: input.firstName.trim(),
            lastName: input.lastName.trim(),
            phoneCode: input.phoneCode.trim() === '' ? '27' : input.phoneCode.trim(),
            phoneNumber: input.phoneNumber === '' ? '' : storedPhoneNumber(input.phoneNumber),
            idNumber: input.idNumber?.trim() ?? null,
            idNumberIsSouthAfrican: input.idNumberIsSouthAfrican ? 1 : 0,
            createdOnDateTime: instant(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const roleRow = await trx
          .selectFrom('roles')
          .select('id')
          .where('name', '=', role)
          .executeTakeFirstOrThrow();
        await trx.insertInto('userRoles').values({ userId: id, roleId: roleRow.id }).execute();
        return id;
      });
      await sendPasswordCreationLink(app, id);
      return id;
    } catch (error) {
      return duplicateEmailOnRace(error);
    }
  };

  app.get(
    '/Users',
    {
      schema: {
        tags: ['Users'],
        summary: 'List users, with the OData subset ($filter, $orderby, $pagesize, $pageindex)',
        description:
          'Filter fields: id, firstName, lastName, email, role (the user holds it), tamperActive, createdOnDateTime, ' +
          'totalNumberOfVehiclesWithDevice, totalNumberOfVehiclesWithoutDevice, totalNumberOfVehicles. ' +
          "Default order: createdOnDateTime desc. A Company-Admin sees only their companies' users.",
        security: [{ bearer: [] }],
        querystring: ListQuerystring,
        response: ListAnswers(UserPageSchema),
      },
    },
    async (request) => {
      const list = compileListQuery(USER_FIELDS, request.query, {
        order: 'createdOnDateTime desc',
        id: ref('users.id'),
      });
      const scope = userInScope(await scopeOf(app.db, request.user!), ref('users.id'));
      let base = app.db.selectFrom('users');
      if (list.where) base = base.where(list.where);
      if (scope) base = base.where(scope);
      return runPagedList(
        base,
        list,
        (query) => query.select('users.id'),
        (rows) =>
          loadUsers(
            app.db,
            rows.map((row) => row.id),
          ),
      );
    },
  );

  app.post(
    '/Users',
    {
      config: { roles: MANAGER_ROLES },
      schema: {
        tags: ['Users'],
        summary: 'Add a staff member (agent); a password-creation link is e-mailed to them',
        security: [{ bearer: [] }],
        body: CreateAgentRequestSchema,
        response: NewUserAnswers,
      },
    },
    async (request) => {
      const body = request.body;
      const input = { ...body, PhoneNumber: body.PhoneNumber ?? '' };
      // Only an Admin may make another Admin: a Technical-Agent granting Admin (to an address they
      // may control) would be an escalation of their own rights.
      const grantable =
        request.user!.role === ROLE.admin ? STAFF_ROLES : STAFF_ROLES.filter((role) => role !== ROLE.admin);
      throwIfInvalid(validateAgent(input, grantable));
      const id = await createUser(
        {
          firstName: body.FirstName,
          lastName: body.LastName,
          email: body.Email,
          phoneCode: body.phoneCode ?? '27',
          phoneNumber: input.PhoneNumber.trim(),
          idNumber: null,
          idNumberIsSouthAfrican: true,
        },
        body.RoleName as RoleName,
      );
      return { id };
    },
  );

  app.post(
    '/Users/AccountHolder',
    {
      config: { roles: MANAGER_ROLES },
      schema: {
        tags: ['Users'],
        summary: 'Add an account holder; a password-creation link is e-mailed to them',
        security: [{ bearer: [] }],
        body: CreateAccountHolderRequestSchema,
        response: NewUserAnswers,
      },
    },
    async (request) => {
      const body = request.body;
      const isSouthAfrican = body.IdNumberIsSouthAfrican ?? true;
      throwIfInvalid(validateAccountHolder({ ...body, IdNumberIsSouthAfrican: isSouthAfrican }));
      const id = await createUser(
        {
          firstName: body.FirstName,
          lastName: body.LastName,
          email: body.Email,
          phoneCode: body.PhoneCode ?? '27',
          phoneNumber: body.PhoneNumber,
          idNumber: body.IdNumber,
          idNumberIsSouthAfrican: isSouthAfrican,
        },
        ROLE.accountHolder,
      );
      return { id };
    },
  );

  app.put(
    '/Users/:id',
    {
      schema: {
        tags: ['Users'],
        summary:
          "Edit a user's contact details: email and phoneNumber; other fields are read-only and ignored",
        security: [{ bearer: [] }],
        params: IdParams,
        body: ContactEditBody,
        response: {
          200: UserRef,
          400: ProblemDetailsRef,
          401: ProblemDetailsRef,
          403: ProblemDetailsRef,
          404: ProblemDetailsRef,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const scope = await scopeOf(app.db, request.user!);
      if (!(await canSeeUser(app.db, scope, id))) throw notFound(`User ${id} was not found.`);
      const columns = contactEditColumns(request.body);
      await refuseTakenEmail(app.db, request.body.email, id);
      await app.db
        .updateTable('users')
        .set(columns)
        .where('id', '=', id)
        .execute()
        .catch(duplicateEmailOnRace);
      const [user] = await loadUsers(app.db, [id]);
      return user!;
    },
  );

  app.post(
    '/Users/ResendPasswordCreationLink',
    {
      config: { roles: MANAGER_ROLES },
      schema: {
        tags: ['Users'],
        summary: 'E-mail the user a new single-use password-creation link (earlier links stop working)',
        security: [{ bearer: [] }],
        body: PasswordCreationLinkSchema,
        response: {
          200: PasswordCreationLinkSchema,
          400: ProblemDetailsRef,
          401: ProblemDetailsRef,
          403: ProblemDetailsRef,
          404: ProblemDetailsRef,
        },
      },
    },
    async (request) => {
      const { userId } = request.body;
      if (!(await sendPasswordCreationLink(app, userId))) throw notFound(`User ${userId} was not found.`);
      return { userId };
    },
  );
};
