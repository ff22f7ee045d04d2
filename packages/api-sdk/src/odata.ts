/**
 * A typed builder for the OData subset the vehicle API understands on its list calls:
 * `$filter` (eq ne gt ge lt le, and or not, contains), `$orderby`, `$pagesize` and `$pageindex`.
 *
 * Expressions are values, built by functions and combined by `and`/`or`/`not`; they know their own
 * precedence, so combining never changes their meaning (`and(a, or(b, c))` reads `a and (b or c)`).
 * String literals are quoted and their quotes doubled (`O'Brien` → `'O''Brien'`), the OData rule, so
 * text a person typed can never end the literal early and inject more filter.
 *
 * Field names and values are typed from a list's fields when given its type, e.g.
 * `eq<VehicleListFields>('registrationNumber', 'CA 1')`: an unknown field or a value of the wrong type
 * does not compile. The contract declares each list's fields (`VehicleListFields`, `UserListFields`,
 * `DeviceListFields`, `HistoryListFields`) and the api's field maps are typed by the same unions.
 * Without a type argument any field name and literal are taken, as the server knows them.
 */

/** A value an OData comparison can carry. */
export type ODataLiteral = string | number | boolean | null;

/** Fields of any name and any literal: what the builders take without a type argument. */
export type UntypedFields = Record<string, ODataLiteral>;

/** The names of T's fields that hold comparable values. */
type LiteralKeys<T> = {
  [K in Extract<keyof T, string>]: [Extract<T[K], ODataLiteral>] extends [never] ? never : K;
}[Extract<keyof T, string>];

/**
 * A field of T as a query may name it: as the answer spells it, or with a capital first letter
 * (`SerialNumber`), because the server matches names case-insensitively as ASP.NET OData does.
 */
export type ODataField<T> = LiteralKeys<T> | Capitalize<LiteralKeys<T>>;

/** The value type of the field so named. */
type ValueOf<T, F> =
  F extends LiteralKeys<T>
    ? Extract<T[F], ODataLiteral>
    : Uncapitalize<F & string> extends LiteralKeys<T>
      ? Extract<T[Uncapitalize<F & string>], ODataLiteral>
      : never;

/** A field and a value of its type, as one argument list per field. */
type Comparison<T> = { [F in ODataField<T>]: [name: F, value: ValueOf<T, F>] }[ODataField<T>];

/** The names of T's text fields (contains needs text). */
type TextField<T> = {
  [F in ODataField<T>]: [Extract<ValueOf<T, F>, string>] extends [never] ? never : F;
}[ODataField<T>];

/** How tightly an expression binds: comparisons and function calls tightest, `or` loosest. */
const PRECEDENCE = { or: 1, and: 2, not: 3, atom: 4 } as const;
type Precedence = (typeof PRECEDENCE)[keyof typeof PRECEDENCE];

/** A `$filter` expression; make one with the functions below and read it with `toString()`. */
export interface ODataFilter {
  readonly text: string;
  readonly precedence: Precedence;
  toString(): string;
}

function expression(text: string, precedence: Precedence): ODataFilter {
  return { text, precedence, toString: () => text };
}

/** A field name as the server knows it; letters, digits, underscores and `/` paths only. */
function field(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*(\/[A-Za-z_][A-Za-z0-9_]*)*$/.test(name)) {
    throw new TypeError(`Not an OData field name: ${JSON.stringify(name)}`);
  }
  return name;
}

/** The literal as OData writes it: strings single-quoted with inner quotes doubled. */
export function odataLiteral(value: ODataLiteral): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`Not an OData number: ${value}`);
    return String(value);
  }
  return value ? 'true' : 'false';
}

const compare =
  (operator: 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le') =>
  <T = UntypedFields>(...[name, value]: Comparison<T>): ODataFilter =>
    expression(`${field(name)} ${operator} ${odataLiteral(value)}`, PRECEDENCE.atom);

function operand(filter: ODataFilter, atLeast: Precedence): string {
  return filter.precedence < atLeast ? `(${filter.text})` : filter.text;
}

function join(
  operator: 'and' | 'or',
  filters: ReadonlyArray<ODataFilter | undefined>,
): ODataFilter | undefined {
  const present = filters.filter((filter): filter is ODataFilter => filter !== undefined);
  if (present.length === 0) return undefined;
  if (present.length === 1) return present[0];
  const precedence = PRECEDENCE[operator];
  return expression(present.map((filter) => operand(filter, precedence)).join(` ${operator} `), precedence);
}

/** `field eq value` */
export const eq = compare('eq');
/** `field ne value` */
export const ne = compare('ne');
/** `field gt value` */
export const gt = compare('gt');
/** `field ge value` */
export const ge = compare('ge');
/** `field lt value` */
export const lt = compare('lt');
/** `field le value` */
export const le = compare('le');

/** `contains(field, 'text')`: a substring match (the API matches it case-insensitively). */
export function contains<T = UntypedFields>(name: TextField<T>, text: string): ODataFilter {
  return expression(`contains(${field(name)}, ${odataLiteral(text)})`, PRECEDENCE.atom);
}

/**
 * All of the filters. Undefined entries are skipped, so optional parts read naturally
 * (`and(base, search ? contains(...) : undefined)`); with none left the result is undefined.
 */
export function and(...filters: ReadonlyArray<ODataFilter | undefined>): ODataFilter | undefined {
  return join('and', filters);
}

/** Any of the filters; undefined entries are skipped as in `and`. */
export function or(...filters: ReadonlyArray<ODataFilter | undefined>): ODataFilter | undefined {
  return join('or', filters);
}

/** `not filter` */
export function not(filter: ODataFilter): ODataFilter {
  return expression(`not ${operand(filter, PRECEDENCE.not)}`, PRECEDENCE.not);
}

/** One `$orderby` clause. */
export interface ODataOrderBy<T = UntypedFields> {
  field: ODataField<T>;
  /** @default 'asc' */
  direction?: 'asc' | 'desc';
}

/** One `$orderby` clause, typed by the list's fields: `orderBy<VehicleListFields>('createdOnDateTime', 'desc')`. */
export function orderBy<T = UntypedFields>(
  name: ODataField<T>,
  direction: 'asc' | 'desc' = 'asc',
): ODataOrderBy<T> {
  return { field: name, direction };
}

/** What a list call may send. */
export interface ODataQuery<T = UntypedFields> {
  /** `$filter`; left out when undefined. */
  filter?: ODataFilter | undefined;
  /** `$orderby` clauses, most significant first. */
  orderBy?: ReadonlyArray<ODataOrderBy<T>> | undefined;
  /** `$pagesize`: how many items one page holds. */
  pageSize?: number | undefined;
  /** `$pageindex`: which page; the server's own numbering (it answers the index it used). */
  pageIndex?: number | undefined;
}

/** Any list's query, typed or not: what odataParams writes out. */
export interface ODataQueryParams {
  filter?: ODataFilter | undefined;
  orderBy?: ReadonlyArray<{ readonly field: string; readonly direction?: 'asc' | 'desc' }> | undefined;
  pageSize?: number | undefined;
  pageIndex?: number | undefined;
}

/** The query-string parameters of a query, only those that are set. */
export function odataParams(query: ODataQueryParams = {}): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (query.filter) params.$filter = query.filter.text;
  if (query.orderBy && query.orderBy.length > 0) {
    params.$orderby = query.orderBy
      .map(({ field: name, direction = 'asc' }) => `${field(name)} ${direction}`)
      .join(', ');
  }
  if (query.pageSize !== undefined) params.$pagesize = query.pageSize;
  if (query.pageIndex !== undefined) params.$pageindex = query.pageIndex;
  return params;
}
