import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ItemsSchema, ref } from './common';

/** One role a user can hold. */
export const RoleSchema = Type.Object({ id: Type.Integer(), name: Type.String() }, { $id: 'Role' });
export type Role = Static<typeof RoleSchema>;

/** GET /Roles answer: every role. */
export const RoleListSchema = ItemsSchema(ref(RoleSchema));
