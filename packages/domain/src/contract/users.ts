import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { RoleName } from '../roles';
import { PageSchema, Nullable, ref } from './common';
import { MAX_LENGTH } from '../limits';
import { LegalHoldSchema } from './privacy';

/** A user as GET /Users lists them (account holders and staff). */
export const UserSchema = Type.Object(
  {
    id: Type.Integer(),
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
    phoneCode: Type.String(),
    phoneNumber: Type.String(),
    idNumber: Nullable(Type.String({ description: 'Null for staff, who are created without one.' })),
    idNumberIsSouthAfrican: Type.Boolean(),
    tamperActive: Type.Boolean(),
    createdOnDateTime: Type.String(),
    roles: Type.Array(Type.String()),
    totalNumberOfVehiclesWithDevice: Type.Integer(),
    totalNumberOfVehiclesWithoutDevice: Type.Integer(),
    totalNumberOfVehicles: Type.Integer(),
    legalHold: Nullable(LegalHoldSchema, {
      description: 'The legal hold that stops erasure and retention deletes (POPIA); null when none is set.',
    }),
    erasedAt: Nullable(
      Type.String({
        description: 'When the holder was erased (their personal fields replaced), ISO 8601 UTC.',
      }),
    ),
  },
  { $id: 'User' },
);
export type User = Static<typeof UserSchema>;

/** GET /Users answer. */
export const UserPageSchema = PageSchema(ref(UserSchema));

/** The fields GET /Users filters on; all but `role` also sort. */
export const USER_LIST_FIELDS = [
  'id',
  'firstName',
  'lastName',
  'email',
  'role',
  'tamperActive',
  'createdOnDateTime',
  'totalNumberOfVehiclesWithDevice',
  'totalNumberOfVehiclesWithoutDevice',
  'totalNumberOfVehicles',
] as const;
export type UserListField = (typeof USER_LIST_FIELDS)[number];
/** What a GET /Users filter compares: the user's fields, and `role`, a role the user holds. */
export type UserListFields = Pick<User, Exclude<UserListField, 'role'>> & { role: RoleName };

/** POST /Users body: a staff member (agent). The role goes as its name. */
export const CreateAgentRequestSchema = Type.Object({
  FirstName: Type.String({ maxLength: MAX_LENGTH.name }),
  LastName: Type.String({ maxLength: MAX_LENGTH.name }),
  Email: Type.String({ maxLength: MAX_LENGTH.email }),
  phoneCode: Type.Optional(Type.String({ maxLength: MAX_LENGTH.phoneCode, description: '@default 27' })),
  PhoneNumber: Type.Optional(Type.String({ maxLength: MAX_LENGTH.phoneNumber })),
  RoleName: Type.String({ maxLength: MAX_LENGTH.shortText }),
});
export type CreateAgentRequest = Static<typeof CreateAgentRequestSchema>;

/** POST /Users/AccountHolder body. */
export const CreateAccountHolderRequestSchema = Type.Object({
  FirstName: Type.String({ maxLength: MAX_LENGTH.name }),
  LastName: Type.String({ maxLength: MAX_LENGTH.name }),
  Email: Type.String({ maxLength: MAX_LENGTH.email }),
  PhoneCode: Type.Optional(Type.String({ maxLength: MAX_LENGTH.phoneCode, description: '@default 27' })),
  PhoneNumber: Type.String({ maxLength: MAX_LENGTH.phoneNumber }),
  IdNumber: Type.String({ maxLength: MAX_LENGTH.idNumber }),
  IdNumberIsSouthAfrican: Type.Optional(Type.Boolean({ default: true })),
  acceptedTermsAndConditionsAndPolicy: Type.Optional(Type.Boolean({ default: true })),
  acceptedToAllowInformationToBeUsedToContact: Type.Optional(Type.Boolean({ default: true })),
});
export type CreateAccountHolderRequest = Static<typeof CreateAccountHolderRequestSchema>;

/** POST /Users and POST /Users/AccountHolder answer: the new user's id. */
export const NewUserSchema = Type.Object({ id: Type.Integer() }, { $id: 'NewUser' });
export type NewUser = Static<typeof NewUserSchema>;

/** PUT /Users/{id} and PUT /Drivers/{id} body: contact edits change only these two fields. */
export const ContactEditRequestSchema = Type.Object({
  email: Type.String({ maxLength: MAX_LENGTH.email }),
  phoneNumber: Type.String({
    maxLength: MAX_LENGTH.phoneNumber,
    description: 'With or without the leading 0; kept without.',
  }),
});
export type ContactEditRequest = Static<typeof ContactEditRequestSchema>;

/** POST /Users/ResendPasswordCreationLink body and answer. */
export const PasswordCreationLinkSchema = Type.Object({ userId: Type.Integer({ minimum: 1 }) });
export type PasswordCreationLink = Static<typeof PasswordCreationLinkSchema>;
