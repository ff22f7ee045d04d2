import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { RoleName } from '../roles';
import { Nullable, PageSchema, ref } from './common';
import { MAX_LENGTH } from '../limits';

/**
 * A company as GET /Companies lists it. Its users and vehicles are counted here and read through
 * their own paged calls (GET /Companies/{id}/CompanyUsers, GET /Vehicles), because a company may
 * hold thousands of either.
 */
export const CompanySchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    createdOnDateTime: Type.String(),
    totalNumberOfCompanyUsers: Type.Integer({ minimum: 0 }),
    totalNumberOfVehicles: Type.Integer({
      minimum: 0,
      description: "The vehicles owned by the company's linked users.",
    }),
  },
  { $id: 'Company' },
);
export type Company = Static<typeof CompanySchema>;

/** GET /Companies answer. */
export const CompanyPageSchema = PageSchema(ref(CompanySchema));

/** The fields GET /Companies filters and sorts on. */
export const COMPANY_LIST_FIELDS = ['id', 'name', 'createdOnDateTime'] as const;
export type CompanyListField = (typeof COMPANY_LIST_FIELDS)[number];
export type CompanyListFields = Pick<Company, CompanyListField>;

/** The role a user holds inside a company. */
export const CompanyLinkRoleSchema = Type.Union([
  Type.Literal('Company-Admin'),
  Type.Literal('Account-Holder'),
]);
export type CompanyLinkRole = Static<typeof CompanyLinkRoleSchema> & RoleName;

/** A user linked to a company, with the role of the link. */
export const CompanyUserSchema = Type.Object(
  {
    id: Type.Integer(),
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
    phoneCode: Type.String(),
    phoneNumber: Type.String(),
    idNumber: Nullable(Type.String()),
    tamperActive: Type.Boolean(),
    createdOnDateTime: Type.String(),
    // A plain string in the answer (the request checks the two values): OpenAPI 3.0 has no const.
    role: Type.String({ description: "The link role: 'Company-Admin' or 'Account-Holder'." }),
  },
  { $id: 'CompanyUser' },
);
export type CompanyUser = Static<typeof CompanyUserSchema>;

/** GET /Companies/{companyId}/CompanyUsers answer. */
export const CompanyUserPageSchema = PageSchema(ref(CompanyUserSchema));

/** The fields GET /Companies/{companyId}/CompanyUsers filters and sorts on (`role` is the link's). */
export const COMPANY_USER_LIST_FIELDS = [
  'id',
  'firstName',
  'lastName',
  'email',
  'role',
  'tamperActive',
  'createdOnDateTime',
] as const;
export type CompanyUserListField = (typeof COMPANY_USER_LIST_FIELDS)[number];
export type CompanyUserListFields = Pick<CompanyUser, CompanyUserListField>;

/**
 * POST /Companies body. Users are linked one by one afterwards (AddCompanyUser), and vehicles
 * belong to a company through their owners, so both lists must be empty.
 */
export const CreateCompanyRequestSchema = Type.Object({
  Name: Type.String({ maxLength: MAX_LENGTH.name }),
  CompanyUsers: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 0 })),
  Vehicles: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 0 })),
});
export type CreateCompanyRequest = Static<typeof CreateCompanyRequestSchema>;

/** POST /Companies answer (the new company's id) and DELETE /Companies/{companyId} answer. */
export const CompanyIdSchema = Type.Object({ id: Type.Integer() }, { $id: 'CompanyId' });
export type CompanyId = Static<typeof CompanyIdSchema>;

/** DELETE /Companies/{companyId}/CompanyUsers/{userId} answer: the link that was removed. */
export const CompanyUserRemovedSchema = Type.Object({
  companyId: Type.Integer(),
  userId: Type.Integer(),
});
export type CompanyUserRemoved = Static<typeof CompanyUserRemovedSchema>;

/** POST /Companies/{companyId}/AddCompanyUser body. */
export const AddCompanyUserRequestSchema = Type.Object({
  userId: Type.Integer({ minimum: 1 }),
  companyId: Type.Optional(
    Type.Integer({ minimum: 1, description: 'When given, it must equal the path id.' }),
  ),
  role: Type.Optional(CompanyLinkRoleSchema),
});
export type AddCompanyUserRequest = Static<typeof AddCompanyUserRequestSchema>;
