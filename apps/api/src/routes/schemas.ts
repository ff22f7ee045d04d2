/* TypeBox pieces the resource routes share: nullable values, list queries and pages, id params, contact edits. */
import { Type } from '@sinclair/typebox';
import type { TSchema } from '@sinclair/typebox';
import { validateContactEdit } from '@sentinel/domain';
import { ProblemDetailsRef, throwIfInvalid } from '../errors';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../odata/compile';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The OData subset every list accepts (README, "OData"). */
export const ListQuerystring = Type.Object({
  $filter: Type.Optional(
    Type.String({ description: "e.g. role eq 'Account-Holder' and contains(firstName, 'an')" }),
  ),
  $orderby: Type.Optional(Type.String({ description: "e.g. 'createdOnDateTime desc, id'" })),
  $pagesize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, description: `@default ${DEFAULT_PAGE_SIZE}` }),
  ),
  $pageindex: Type.Optional(Type.Integer({ minimum: 0, description: '0-based; @default 0' })),
});

export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    totalCount: Type.Integer(),
    pageIndex: Type.Integer(),
    pageSize: Type.Integer(),
  });

/** What a list answers: a page of items, or ProblemDetails for a bad query, no token or a refused role. */
export const ListAnswers = <T extends TSchema>(item: T) => ({
  200: Page(item),
  400: ProblemDetailsRef,
  401: ProblemDetailsRef,
  403: ProblemDetailsRef,
});

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** Contact edits (PUT /Users/{id}, PUT /Drivers/{id}): only these two fields change; others are ignored. */
export const ContactEditBody = Type.Object({
  email: Type.String(),
  phoneNumber: Type.String(),
});

/** The columns a valid contact edit stores; a 400 when a field is wrong. */
export function contactEditColumns({ email, phoneNumber }: typeof ContactEditBody.static) {
  throwIfInvalid(validateContactEdit({ Email: email, PhoneNumber: phoneNumber }));
  return { email: email.trim(), phoneNumber: storedPhoneNumber(phoneNumber) };
}

export const bool = (flag: number | null | undefined): boolean => flag === 1;
export const nullableBool = (flag: number | null | undefined): boolean | null =>
  flag === null || flag === undefined ? null : flag === 1;

/** Phone numbers are kept without the leading 0, so '+{phoneCode}{phoneNumber}' reads right. */
export const storedPhoneNumber = (value: string): string => value.trim().replace(/^0/, '');
