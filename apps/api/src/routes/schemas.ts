/*
 * Route wiring the resource routes share: list answers, id params, contact edits. Every entity,
 * body and answer shape comes from the contract in @sentinel/domain.
 */
import { Type } from '@sinclair/typebox';
import type { TSchema } from '@sinclair/typebox';
import { ContactEditRequestSchema, ListQuerySchema, validateContactEdit } from '@sentinel/domain';
import type { ContactEditRequest } from '@sentinel/domain';
import { ProblemDetailsRef, throwIfInvalid } from '../errors';

/** The OData subset every list accepts (README, "OData"). */
export const ListQuerystring = ListQuerySchema;

/** What a list answers: a page of items, or ProblemDetails for a bad query, no token or a refused role. */
export const ListAnswers = <T extends TSchema>(page: T) => ({
  200: page,
  400: ProblemDetailsRef,
  401: ProblemDetailsRef,
  403: ProblemDetailsRef,
});

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** Contact edits (PUT /Users/{id}, PUT /Drivers/{id}): only these two fields change; others are ignored. */
export const ContactEditBody = ContactEditRequestSchema;

/** The columns a valid contact edit stores; a 400 when a field is wrong. */
export function contactEditColumns({ email, phoneNumber }: ContactEditRequest) {
  throwIfInvalid(validateContactEdit({ Email: email, PhoneNumber: phoneNumber }));
  return { email: email.trim(), phoneNumber: storedPhoneNumber(phoneNumber) };
}

export const bool = (flag: number | null | undefined): boolean => flag === 1;
export const nullableBool = (flag: number | null | undefined): boolean | null =>
  flag === null || flag === undefined ? null : flag === 1;

/** Phone numbers are kept without the leading 0, so '+{phoneCode}{phoneNumber}' reads right. */
export const storedPhoneNumber = (value: string): string => value.trim().replace(/^0/, '');
