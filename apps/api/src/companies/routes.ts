/*
 * The companies calls. Everyone on staff reads companies, a Company-Admin only those they
 * administer (others answer 404, so ids cannot be probed); creating, deleting, linking and
 * unlinking are for Admin and Technical-Agent (COMPANY_MANAGER_ROLES, see the README's Companies).
 */
import { Type } from '@sinclair/typebox';
import {
  AddCompanyUserRequestSchema,
  COMPANY_MANAGER_ROLES,
  COMPANY_MESSAGES,
  CompanyIdSchema,
  CompanyPageSchema,
  CompanySchema,
  CompanyUserPageSchema,
  CompanyUserRemovedSchema,
  CompanyUserSchema,
  CreateCompanyRequestSchema,
  DEFAULT_COMPANY_LINK_ROLE,
  ref as schemaRef,
  validateCompany,
} from '@sentinel/domain';
import type { CompanyUser } from '@sentinel/domain';
import { canSeeCompany, companyInScope, scopeOf } from '../access/scope';
import { requireStepUp } from '../auth/step-up';
import { inTransaction, isUniqueViolation } from '../db/database';
import { ApiError, notFound, ProblemDetailsRef, refused, throwIfInvalid } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { recordAudit } from '../audit/record-audit';
import { ListAnswers, ListQuerystring } from '../routes/schemas';
import {
  COMPANY_ID,
  companyExists,
  companyNameTaken,
  deleteEmptyCompany,
  insertCompany,
  linkCompanyUser,
  listCompanies,
  listCompanyUsers,
  rolesOfUser,
  unlinkCompanyUser,
} from './company-queries';

const CompanyParams = Type.Object({ companyId: Type.Integer({ minimum: 1 }) });
const CompanyUserParams = Type.Object({
  companyId: Type.Integer({ minimum: 1 }),
  userId: Type.Integer({ minimum: 1 }),
});

const duplicateName = () => new ApiError('validation', { CompanyName: [COMPANY_MESSAGES.duplicateName] });
const companyNotFound = (id: number) => notFound(`Company ${id} was not found.`);

const WriteAnswers = <T>(answer: T) => ({
  200: answer,
  400: ProblemDetailsRef,
  401: ProblemDetailsRef,
  403: ProblemDetailsRef,
  404: ProblemDetailsRef,
});

export const companiesRoutes = routePlugin('companies', async (app) => {
  app.addSchema(CompanySchema);
  app.addSchema(CompanyUserSchema);
  app.addSchema(CompanyIdSchema);
  const CompanyIdRef = schemaRef(CompanyIdSchema);

  app.get(
    '/Companies',
    {
      schema: {
        tags: ['Companies'],
        summary: 'List companies, with the OData subset ($filter, $orderby, $pagesize, $pageindex)',
        description:
          "Filter fields: id, name, createdOnDateTime, e.g. contains(name, 'karoo'). Default order: id. " +
          'A Company-Admin sees only the companies they administer.',
        security: [{ bearer: [] }],
        querystring: ListQuerystring,
        response: ListAnswers(CompanyPageSchema),
      },
    },
    async (request) => {
      const scope = await scopeOf(app.db, request.user!);
      return listCompanies(app.db, request.query, companyInScope(scope, COMPANY_ID));
    },
  );

  app.get(
    '/Companies/:companyId/CompanyUsers',
    {
      schema: {
        tags: ['Companies'],
        summary: "List a company's users with their link role, with the OData subset",
        description:
          'Filter fields: id, firstName, lastName, email, role (the link role), tamperActive, createdOnDateTime. ' +
          'Default order: createdOnDateTime desc.',
        security: [{ bearer: [] }],
        params: CompanyParams,
        querystring: ListQuerystring,
        response: { ...ListAnswers(CompanyUserPageSchema), 404: ProblemDetailsRef },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      const scope = await scopeOf(app.db, request.user!);
      if (!canSeeCompany(scope, companyId) || !(await companyExists(app.db, companyId))) {
        throw companyNotFound(companyId);
      }
      return listCompanyUsers(app.db, companyId, request.query);
    },
  );

  app.post(
    '/Companies',
    {
      config: { roles: COMPANY_MANAGER_ROLES },
      schema: {
        tags: ['Companies'],
        summary: 'Add a company; its users are linked afterwards with AddCompanyUser',
        security: [{ bearer: [] }],
        body: CreateCompanyRequestSchema,
        response: WriteAnswers(CompanyIdRef),
      },
    },
    async (request) => {
      const { Name } = request.body;
      throwIfInvalid(validateCompany({ Name }));
      if (await companyNameTaken(app.db, Name)) throw duplicateName();
      try {
        return { id: await insertCompany(app.db, Name) };
      } catch (error) {
        // A company of the same name added meanwhile: the unique index decides.
        if (isUniqueViolation(error)) throw duplicateName();
        throw error;
      }
    },
  );

  app.post(
    '/Companies/:companyId/AddCompanyUser',
    {
      config: { roles: COMPANY_MANAGER_ROLES },
      schema: {
        tags: ['Companies'],
        summary: 'Link a user to the company as Company-Admin (the default) or Account-Holder',
        description:
          'The user must hold the role they are linked with: a Company-Admin link gives a Company-Admin ' +
          "user the company's users and vehicles; an Account-Holder link puts the holder and their vehicles in it.",
        security: [{ bearer: [] }],
        params: CompanyParams,
        body: AddCompanyUserRequestSchema,
        response: WriteAnswers(schemaRef(CompanyUserSchema)),
      },
    },
    async (request): Promise<CompanyUser> => {
      const { companyId } = request.params;
      const { userId, role = DEFAULT_COMPANY_LINK_ROLE } = request.body;
      if (request.body.companyId !== undefined && request.body.companyId !== companyId) {
        throw new ApiError('validation', { CompanyId: ['The company id must match the address'] });
      }
      if (!(await companyExists(app.db, companyId))) throw companyNotFound(companyId);
      const roles = await rolesOfUser(app.db, userId);
      if (roles === undefined) throw new ApiError('validation', { UserId: [`User ${userId} was not found`] });
      if (!roles.includes(role)) {
        throw new ApiError('validation', { Role: [COMPANY_MESSAGES.linkRoleMismatch(role)] });
      }
      // A link changes who may see and lock which vehicles (a company role): step-up first.
      await requireStepUp(app, request);
      // The link and its audit entry commit together.
      const outcome = await inTransaction(app.db, async (trx) => {
        const linked = await linkCompanyUser(trx, { companyId, userId, role });
        if (linked === 'linked') {
          await recordAudit(trx, request, {
            action: 'CompanyUserLinked',
            targetType: 'Company',
            targetId: companyId,
            detail: { userId, role },
          });
        }
        return linked;
      });
      if (outcome === 'noCompany') throw companyNotFound(companyId);
      if (outcome === 'alreadyLinked')
        throw new ApiError('validation', { UserId: [COMPANY_MESSAGES.alreadyLinked] });
      const page = await listCompanyUsers(app.db, companyId, { $filter: `id eq ${userId}` });
      return page.items[0]!;
    },
  );

  app.delete(
    '/Companies/:companyId',
    {
      config: { roles: COMPANY_MANAGER_ROLES },
      schema: {
        tags: ['Companies'],
        summary: 'Delete a company that has no linked users',
        description:
          "A company with linked users is refused (400, message naming how many): remove them first, so a deletion never unlinks anyone's users or vehicles unseen.",
        security: [{ bearer: [] }],
        params: CompanyParams,
        response: WriteAnswers(CompanyIdRef),
      },
    },
    async (request) => {
      const { companyId } = request.params;
      const outcome = await deleteEmptyCompany(app.db, companyId);
      if (outcome.kind === 'noCompany') throw companyNotFound(companyId);
      if (outcome.kind === 'hasUsers')
        throw refused(COMPANY_MESSAGES.deleteWithUsers(outcome.name, outcome.count));
      return { id: companyId };
    },
  );

  app.delete(
    '/Companies/:companyId/CompanyUsers/:userId',
    {
      config: { roles: COMPANY_MANAGER_ROLES },
      schema: {
        tags: ['Companies'],
        summary: 'Unlink a user from the company; the user and their vehicles stay',
        security: [{ bearer: [] }],
        params: CompanyUserParams,
        response: WriteAnswers(CompanyUserRemovedSchema),
      },
    },
    async (request) => {
      const { companyId, userId } = request.params;
      await requireStepUp(app, request);
      const unlinked = await inTransaction(app.db, async (trx) => {
        if (!(await unlinkCompanyUser(trx, companyId, userId))) return false;
        await recordAudit(trx, request, {
          action: 'CompanyUserUnlinked',
          targetType: 'Company',
          targetId: companyId,
          detail: { userId },
        });
        return true;
      });
      if (!unlinked) throw notFound(`User ${userId} is not linked to company ${companyId}.`);
      return { companyId, userId };
    },
  );
});
