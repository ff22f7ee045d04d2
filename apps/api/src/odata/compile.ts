/*
 * Turns a parsed $filter / $orderby into Kysely SQL over a whitelist of fields. Values only ever
 * reach SQL as bound parameters (the `sql` tag binds every interpolated value); field names come
 * from the whitelist, never from the request. Names match case-insensitively, as ASP.NET OData does.
 */
import { sql } from 'kysely';
import type { Expression, SqlBool } from 'kysely';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_INDEX, MAX_PAGE_SIZE } from '@sentinel/domain';
import type { ListQuery } from '@sentinel/domain';
import { ODataError, parseFilter, parseOrderBy } from './parse';
import type { ComparisonOperator, FilterNode, Literal, Operand } from './parse';

export type FieldType = 'string' | 'number' | 'boolean' | 'dateTime';

export interface FieldDefinition {
  type: FieldType;
  /** The SQL expression the field reads. */
  expression: Expression<unknown>;
  /** A pseudo field compiles its comparisons itself (e.g. 'role': the user holds that role). */
  compare?: (operator: ComparisonOperator, value: Literal) => Expression<SqlBool>;
  /** False for fields that filter but do not sort. @default true */
  sortable?: boolean;
}

/**
 * The fields a list accepts, by their name as the answer spells it. Lists declare theirs as
 * `satisfies FieldMap<XListField>`, the contract's union, so the server and the SDK's typed
 * filters name the same fields.
 */
export type FieldMap<Field extends string = string> = Record<Field, FieldDefinition>;

const SQL_OPERATORS: Record<ComparisonOperator, string> = {
  eq: '=',
  ne: '<>',
  gt: '>',
  ge: '>=',
  lt: '<',
  le: '<=',
};
const FLIPPED: Record<ComparisonOperator, ComparisonOperator> = {
  eq: 'eq',
  ne: 'ne',
  gt: 'lt',
  ge: 'le',
  lt: 'gt',
  le: 'ge',
};

function lookup(fields: FieldMap, name: string, option: string): [string, FieldDefinition] {
  const lower = name.toLowerCase();
  const entry = Object.entries(fields).find(([known]) => known.toLowerCase() === lower);
  if (!entry) {
    throw new ODataError(option, `Unknown field '${name}'. Known fields: ${Object.keys(fields).join(', ')}.`);
  }
  return entry;
}

function literalText(value: Literal): string {
  return typeof value === 'string' ? `'${value}'` : String(value);
}

/** Checks the literal against the field's type and gives the value to bind. */
function bindable(
  name: string,
  field: FieldDefinition,
  value: Exclude<Literal, null>,
  isDateTime: boolean,
): string | number {
  const wrong = () =>
    new ODataError(
      '$filter',
      `'${name}' is a ${field.type} field; ${literalText(value)} is not a ${field.type}.`,
    );
  switch (field.type) {
    case 'string':
      if (typeof value !== 'string' || isDateTime) throw wrong();
      return value;
    case 'number':
      if (typeof value !== 'number') throw wrong();
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw wrong();
      // Flags are stored as 0/1 on every engine.
      return value ? 1 : 0;
    case 'dateTime': {
      if (typeof value !== 'string') throw wrong();
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) throw wrong();
      // Stored instants are ISO 8601 UTC text, which compares as time.
      return date.toISOString();
    }
  }
}

function compileComparison(
  fields: FieldMap,
  operator: ComparisonOperator,
  left: Operand,
  right: Operand,
  used: Set<string>,
): Expression<SqlBool> {
  if (left.kind === 'literal' && right.kind === 'field')
    return compileComparison(fields, FLIPPED[operator], right, left, used);
  if (left.kind !== 'field' || right.kind !== 'literal') {
    throw new ODataError('$filter', 'Each comparison needs one field and one value.');
  }
  const [name, field] = lookup(fields, left.name, '$filter');
  used.add(name);
  if (field.compare) return field.compare(operator, right.value);
  if (right.value === null) {
    if (operator === 'eq') return sql<SqlBool>`${field.expression} is null`;
    if (operator === 'ne') return sql<SqlBool>`${field.expression} is not null`;
    throw new ODataError('$filter', `null can only be compared with eq or ne.`);
  }
  if (field.type === 'boolean' && operator !== 'eq' && operator !== 'ne') {
    throw new ODataError('$filter', `'${name}' is a boolean field; compare it with eq or ne.`);
  }
  const value = bindable(name, field, right.value, right.dateTime === true);
  return sql<SqlBool>`${field.expression} ${sql.raw(SQL_OPERATORS[operator])} ${value}`;
}

/** LIKE wildcards in the text match themselves. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function compileNode(fields: FieldMap, node: FilterNode, used: Set<string>): Expression<SqlBool> {
  switch (node.kind) {
    case 'and':
      return sql<SqlBool>`(${compileNode(fields, node.left, used)} and ${compileNode(fields, node.right, used)})`;
    case 'or':
      return sql<SqlBool>`(${compileNode(fields, node.left, used)} or ${compileNode(fields, node.right, used)})`;
    case 'not':
      return sql<SqlBool>`(not ${compileNode(fields, node.operand, used)})`;
    case 'compare':
      return compileComparison(fields, node.operator, node.left, node.right, used);
    case 'contains': {
      const [name, field] = lookup(fields, node.field, '$filter');
      used.add(name);
      if (field.type !== 'string' || field.compare) {
        throw new ODataError('$filter', `contains needs a text field; '${name}' is a ${field.type} field.`);
      }
      // lower() on both sides: case-insensitive on SQLite and PostgreSQL alike.
      return sql<SqlBool>`lower(${field.expression}) like ${likePattern(node.text)} escape ${'\\'}`;
    }
  }
}

/**
 * The SQL condition of a $filter over these fields; ODataError when it is not acceptable.
 * `used` collects the names of the fields it reads, so a list can leave out joins nobody needs.
 */
export function compileFilter(
  fields: FieldMap,
  filter: string,
  used = new Set<string>(),
): Expression<SqlBool> {
  return compileNode(fields, parseFilter(filter), used);
}

export interface OrderTerm {
  expression: Expression<unknown>;
  direction: 'asc' | 'desc';
}

/** The ORDER BY terms of a $orderby over these fields. */
export function compileOrderBy(fields: FieldMap, orderBy: string, used = new Set<string>()): OrderTerm[] {
  return parseOrderBy(orderBy).map(({ field: name, direction }) => {
    const [known, field] = lookup(fields, name, '$orderby');
    if (field.sortable === false)
      throw new ODataError('$orderby', `The list cannot be sorted by '${known}'.`);
    used.add(known);
    return { expression: field.expression, direction };
  });
}

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@sentinel/domain';
export type { ListQuery } from '@sentinel/domain';

export interface CompiledList {
  where: Expression<SqlBool> | undefined;
  order: OrderTerm[];
  pageSize: number;
  pageIndex: number;
  /** The fields the filter and the order read, by their whitelisted names. */
  fieldsUsed: ReadonlySet<string>;
}

/**
 * Compiles a list request. The order always ends with the id (in the last term's direction) so
 * pages never overlap or skip rows that tie on the sort fields.
 */
export function compileListQuery(
  fields: FieldMap,
  query: ListQuery,
  defaults: { order: string; id: Expression<unknown> },
): CompiledList {
  const pageSize = query.$pagesize ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw new ODataError('$pagesize', `$pagesize must be a whole number from 1 to ${MAX_PAGE_SIZE}.`);
  }
  const pageIndex = query.$pageindex ?? 0;
  if (!Number.isSafeInteger(pageIndex) || pageIndex < 0 || pageIndex > MAX_PAGE_INDEX) {
    throw new ODataError('$pageindex', `$pageindex must be a whole number from 0 to ${MAX_PAGE_INDEX}.`);
  }
  const filter = query.$filter?.trim();
  const orderBy = query.$orderby?.trim();
  const used = new Set<string>();
  const order = compileOrderBy(
    fields,
    orderBy === undefined || orderBy === '' ? defaults.order : orderBy,
    used,
  );
  const last = order.at(-1)?.direction ?? 'asc';
  return {
    where: filter === undefined || filter === '' ? undefined : compileFilter(fields, filter, used),
    order: [...order, { expression: defaults.id, direction: last }],
    pageSize,
    pageIndex,
    fieldsUsed: used,
  };
}
