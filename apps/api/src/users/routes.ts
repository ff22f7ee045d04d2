import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ERASURE_MESSAGES,
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
  contactEditRefusal,
  isStaffRole,
  MESSAGES,
  PRIVILEGE_MESSAGES,
  PRODUCT_NAME,
} from '@sentinel/domain';
import type { RoleName } from '@sentinel/domain';
import { canSeeUser, scopeOf, userInScope } from '../access/scope';
import { msUntilNextPasswordLink, sendPasswordCreationLink } from '../auth/password-creation';
import { requireRecentSignIn } from '../auth/recent-sign-in';
import { requireStepUp } from '../auth/step-up';
import { inTransaction, isUniqueViolation } from '../db/database';
import { ApiError, notFound, ProblemDetailsRef, refused, throwIfInvalid } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { recordContactChanges } from '../audit/record-audit';
import { recordHolderRead } from '../privacy/record-view';
import {
  ContactEditBody,
  contactEditColumns,
  IdParams,
  ListAnswers,
  ListQuerystring,
} from '../routes/schemas';
import { emailTaken, insertUser, listUsers, loadUsers, updateUserContact, USER_ID } from './user-queries';
import type { NewUser } from './user-queries';

export const DUPLICATE_EMAIL = 'A user with this email address already exists';

const duplicateEmail = () => new ApiError('validation', { Email: [DUPLICATE_EMAIL] });

/** A 400 when another user (not `exceptUserId`) has this address, in any case. */
async function refuseTakenEmail(...args: Parameters<typeof emailTaken>): Promise<void> {
  if (await emailTaken(...args)) throw duplicateEmail();
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

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(UserSchema);
  app.addSchema(NewUserSchema);
  const UserRef = schemaRef(UserSchema);

  /** Adds the user with the role and e-mails them a password-creation link; a 400 when the address is taken. */
  const createUser = async (input: NewUser, role: RoleName): Promise<number> => {
    await refuseTakenEmail(app.db, input.email);
    try {
      const id = await insertUser(app.db, input, role);
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
      const scope = userInScope(await scopeOf(app.db, request.user!), USER_ID);
      const page = await listUsers(app.db, request.query, scope);
      await recordHolderRead(app.db, request, request.query.$filter, page.items);
      return page;
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
      // A new staff member is a grant of staff rights (a role change from nobody): the second factor
      // again when the session's last one is old, as for the other privileged changes.
      await requireStepUp(app, request);
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
        description:
          "Changing a staff member's email address needs a recent sign-in: an access token whose " +
          'sign-in is more than five minutes old, refreshed or not, is refused with 403.',
        security: [{ bearer: [] }],
        params: IdParams,
        body: ContactEditBody,
        response: {
          200: UserRef,
          400: ProblemDetailsRef,
          401: ProblemDetailsRef,
          403: ProblemDetailsRef,
          404: ProblemDetailsRef,
          409: ProblemDetailsRef,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const scope = await scopeOf(app.db, request.user!);
      if (!(await canSeeUser(app.db, scope, id))) throw notFound(`User ${id} was not found.`);
      const columns = contactEditColumns(request.body);
      const [before] = await loadUsers(app.db, [id]);
      if (before!.erasedAt !== null) throw new ApiError('conflict', undefined, ERASURE_MESSAGES.erasedNoEdit);
      const changesEmail = before!.email.trim().toLowerCase() !== columns.email.toLowerCase();
      // Who may change whose details: privilege and the staff e-mail rule live in domain.
      const refusal = contactEditRefusal(request.user!.role, before!.roles, changesEmail);
      if (refusal !== undefined) throw new ApiError('forbidden', undefined, refusal);
      // A staff member's e-mail is where their password links go: moving it hands over the account
      // (the caller's own included), so a stolen access token alone cannot do it.
      const changesPhone = before!.phoneNumber !== columns.phoneNumber;
      // A staff member's e-mail or phone is a privileged change: the second factor again when the
      // session's last one is old (step-up), on top of the recent sign-in the e-mail needs.
      if ((changesEmail || changesPhone) && before!.roles.some(isStaffRole)) {
        await requireStepUp(app, request);
      }
      if (changesEmail && before!.roles.some(isStaffRole)) {
        await requireRecentSignIn(app, request, {
          action: 'EmailChangeRefused',
          targetType: 'User',
          targetId: id,
          message: MESSAGES.signInAgainToChangeStaffEmail,
        });
      }
      await refuseTakenEmail(app.db, request.body.email, id);
      await inTransaction(app.db, async (trx) => {
        await updateUserContact(trx, id, columns);
        await recordContactChanges(trx, request, { type: 'User', id }, before!, columns);
      }).catch(duplicateEmailOnRace);
      if (changesEmail) {
        // Both addresses hear of it, so a change nobody asked for does not go unnoticed.
        for (const to of [before!.email, columns.email]) {
          await app.messages.sendEmail({
            to,
            subject: `Your ${PRODUCT_NAME} email address was changed`,
            body: `Hi ${before!.firstName},\n\nThe email address of your ${PRODUCT_NAME} account was changed from ${before!.email} to ${columns.email}.\nIf you did not expect this, please contact us.\n`,
          });
        }
      }
      const [user] = await loadUsers(app.db, [id]);
      return user!;
    },
  );

  app.post(
    '/Users/ResendPasswordCreationLink',
    {
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
          429: ProblemDetailsRef,
        },
      },
    },
    async (request, reply) => {
      const { userId } = request.body;
      // A Company-Admin resends links to their companies' users only; others answer as absent.
      const scope = await scopeOf(app.db, request.user!);
      const outcome = (await canSeeUser(app.db, scope, userId))
        ? await sendPasswordCreationLink(app, userId)
        : 'notFound';
      switch (outcome) {
        case 'sent':
          return { userId };
        case 'notFound':
          throw notFound(`User ${userId} was not found.`);
        case 'hasPassword':
          throw refused(PRIVILEGE_MESSAGES.hasPassword);
        case 'throttled': {
          // The wait of whichever limit was reached: 15 minutes for three links, longer after ten a day.
          const waitMs = Math.max(1_000, await msUntilNextPasswordLink(app, userId));
          void reply.header('retry-after', Math.ceil(waitMs / 1_000));
          throw new ApiError(
            'throttled',
            undefined,
            PRIVILEGE_MESSAGES.linkTooSoon(Math.ceil(waitMs / 60_000)),
          );
        }
      }
    },
  );
};

/** Users: listed and edited by staff (scoped); added and re-invited by managers. */
export const usersRoutes = routePlugin('users', routes, {
  dependencies: ['sentinel-providers'],
  decorators: ['db', 'messages', 'signupUrl', 'refreshTokens', 'secondFactorSettings'],
});
