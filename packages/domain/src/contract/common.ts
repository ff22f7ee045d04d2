/*
 * The pieces every resource of the vehicle API shares: nullable values, references between named
 * schemas, pages, the list query and the error body.
 */
import { Type } from '@sinclair/typebox';
import type { SchemaOptions, Static, TSchema, TUnsafe } from '@sinclair/typebox';
import { MAX_LENGTH, MAX_PAGE_INDEX } from '../limits';

/** The value, or null. */
export const Nullable = <T extends TSchema>(schema: T, options?: SchemaOptions) =>
  Type.Union([schema, Type.Null()], options);

/** One of the listed strings: a status or kind, as a union of literals that the static type keeps. */
export const Literals = <T extends string>(values: readonly T[]) =>
  Type.Union(values.map((value) => Type.Literal(value)));

/**
 * A `$ref` to a named schema, typed as that schema. Answers point at their entities this way, so
 * the OpenAPI document lists each entity once under its `$id`.
 */
export function ref<T extends TSchema>(schema: T): TUnsafe<Static<T>> {
  if (schema.$id === undefined) throw new TypeError('Only a schema with an $id can be referred to.');
  return Type.Unsafe<Static<T>>(Type.Ref(schema.$id));
}

/** How many items a list page holds unless `$pagesize` says otherwise. */
export const DEFAULT_PAGE_SIZE = 50;
/** The most items one list page may hold. */
export const MAX_PAGE_SIZE = 500;

/** The OData subset every list accepts. */
export const ListQuerySchema = Type.Object({
  $filter: Type.Optional(
    Type.String({
      maxLength: MAX_LENGTH.filter,
      description: "e.g. role eq 'Account-Holder' and contains(firstName, 'an')",
    }),
  ),
  $orderby: Type.Optional(
    Type.String({ maxLength: MAX_LENGTH.orderBy, description: "e.g. 'createdOnDateTime desc, id'" }),
  ),
  $pagesize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, description: `@default ${DEFAULT_PAGE_SIZE}` }),
  ),
  $pageindex: Type.Optional(
    Type.Integer({ minimum: 0, maximum: MAX_PAGE_INDEX, description: '0-based; @default 0' }),
  ),
});
export type ListQuery = Static<typeof ListQuerySchema>;

/** One page of a list: the items, how many match across all pages, and which page this is. */
export const PageSchema = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    totalCount: Type.Integer({
      minimum: 0,
      description: 'How many items match the filter across all pages.',
    }),
    pageIndex: Type.Integer({ minimum: 0, description: "This page's index, 0-based." }),
    pageSize: Type.Integer({ minimum: 1 }),
  });

/** One page of a list. */
export interface Page<T> {
  items: T[];
  /** How many items match the filter across all pages. */
  totalCount: number;
  /** This page's index, 0-based. */
  pageIndex: number;
  pageSize: number;
}

/** The answer of a list that is short by nature (roles, plans): every item, no paging. */
export const ItemsSchema = <T extends TSchema>(item: T) => Type.Object({ items: Type.Array(item) });

/** The body of every error answer, in the shape of ASP.NET ProblemDetails. */
export const ProblemDetailsSchema = Type.Object(
  {
    title: Type.Optional(Type.String()),
    status: Type.Integer(),
    /** The sentence a person should read. */
    message: Type.Optional(Type.String()),
    /** Messages by PascalCase field name. */
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
    /** What kind of refusal this is when a client acts on it, e.g. 'step-up-required'. */
    type: Type.Optional(Type.String()),
    /** With 'step-up-required': the second factors the caller can confirm with. */
    factors: Type.Optional(Type.Array(Type.String())),
  },
  { $id: 'ProblemDetails', description: 'An error, in the shape of ASP.NET ProblemDetails.' },
);
export type ProblemDetails = Static<typeof ProblemDetailsSchema>;
