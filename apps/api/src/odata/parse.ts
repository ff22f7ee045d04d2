/*
 * A recursive-descent parser for the OData v4 subset the list calls accept (README, "OData"):
 *
 *   filter     = or
 *   or         = and ("or" and)*
 *   and        = unary ("and" unary)*
 *   unary      = "not" unary | primary
 *   primary    = "(" or ")" | "contains(" field "," string ")" | operand cmp operand
 *   cmp        = eq | ne | gt | ge | lt | le
 *   operand    = field | 'text' (quotes doubled) | number | true | false | null | date-time
 *
 * It yields a small typed tree that compile.ts turns into parameterised SQL. Anything outside the
 * subset is an ODataError, which the routes answer with 400.
 */
import { MAX_FILTER_DEPTH, MAX_LENGTH as TEXT_LIMITS } from '@sentinel/domain';

export class ODataError extends Error {
  /** The query option at fault: '$filter', '$orderby', '$pagesize' or '$pageindex'. */
  readonly option: string;

  constructor(option: string, message: string) {
    super(message);
    this.name = 'ODataError';
    this.option = option;
  }
}

export type Literal = string | number | boolean | null;
export type ComparisonOperator = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';

export type Operand =
  { kind: 'field'; name: string } | { kind: 'literal'; value: Literal; dateTime?: boolean };

export type FilterNode =
  | { kind: 'and' | 'or'; left: FilterNode; right: FilterNode }
  | { kind: 'not'; operand: FilterNode }
  | { kind: 'compare'; operator: ComparisonOperator; left: Operand; right: Operand }
  | { kind: 'contains'; field: string; text: string };

type Token =
  | { type: 'word'; text: string; at: number }
  | { type: 'string'; text: string; at: number }
  | { type: 'number'; value: number; at: number }
  | { type: 'dateTime'; text: string; at: number }
  | { type: 'punct'; text: '(' | ')' | ','; at: number };

const COMPARISONS: readonly string[] = ['eq', 'ne', 'gt', 'ge', 'lt', 'le'];
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?/;
const NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/;
const WORD = /^[A-Za-z_][A-Za-z0-9_]*/;
const MAX_LENGTH = TEXT_LIMITS.filter;
// SQL engines cap expression depth (SQLite at 1000); a filter a person builds is a few levels deep.
const MAX_DEPTH = 100;

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  // Counted here, before the parser recurses once per parenthesis, so no nesting can exhaust the stack.
  let open = 0;
  while (at < input.length) {
    const rest = input.slice(at);
    const char = input[at] as string;
    if (/\s/.test(char)) {
      at += 1;
      continue;
    }
    if (char === '(' || char === ')' || char === ',') {
      if (char === '(') open += 1;
      if (char === ')') open -= 1;
      if (open > MAX_FILTER_DEPTH) {
        throw new ODataError(
          '$filter',
          `The filter nests parentheses deeper than ${MAX_FILTER_DEPTH} levels.`,
        );
      }
      tokens.push({ type: 'punct', text: char, at });
      at += 1;
      continue;
    }
    if (char === "'") {
      let text = '';
      let end = at + 1;
      for (;;) {
        if (end >= input.length)
          throw new ODataError('$filter', `The text starting at position ${at} has no closing quote.`);
        if (input[end] === "'") {
          if (input[end + 1] === "'") {
            text += "'";
            end += 2;
            continue;
          }
          break;
        }
        text += input[end];
        end += 1;
      }
      tokens.push({ type: 'string', text, at });
      at = end + 1;
      continue;
    }
    const dateTime = DATE_TIME.exec(rest);
    if (dateTime) {
      tokens.push({ type: 'dateTime', text: dateTime[0], at });
      at += dateTime[0].length;
      continue;
    }
    const number = NUMBER.exec(rest);
    if (number) {
      tokens.push({ type: 'number', value: Number(number[0]), at });
      at += number[0].length;
      continue;
    }
    const word = WORD.exec(rest);
    if (word) {
      tokens.push({ type: 'word', text: word[0], at });
      at += word[0].length;
      continue;
    }
    throw new ODataError('$filter', `Unexpected '${char}' at position ${at}.`);
  }
  return tokens;
}

class Parser {
  private index = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): FilterNode {
    const node = this.or();
    const extra = this.peek();
    if (extra) throw new ODataError('$filter', `Unexpected ${describe(extra)} at position ${extra.at}.`);
    return node;
  }

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }

  private next(): Token | undefined {
    const token = this.tokens[this.index];
    this.index += 1;
    return token;
  }

  private isWord(token: Token | undefined, text: string): boolean {
    return token?.type === 'word' && token.text.toLowerCase() === text;
  }

  private expectPunct(text: '(' | ')' | ','): void {
    const token = this.next();
    if (token?.type !== 'punct' || token.text !== text) {
      throw new ODataError('$filter', `Expected '${text}' ${where(token)}.`);
    }
  }

  private or(): FilterNode {
    let left = this.and();
    while (this.isWord(this.peek(), 'or')) {
      this.next();
      left = { kind: 'or', left, right: this.and() };
    }
    return left;
  }

  private and(): FilterNode {
    let left = this.unary();
    while (this.isWord(this.peek(), 'and')) {
      this.next();
      left = { kind: 'and', left, right: this.unary() };
    }
    return left;
  }

  private unary(): FilterNode {
    if (this.isWord(this.peek(), 'not')) {
      this.next();
      return { kind: 'not', operand: this.unary() };
    }
    return this.primary();
  }

  private primary(): FilterNode {
    const token = this.peek();
    if (token?.type === 'punct' && token.text === '(') {
      this.next();
      const inner = this.or();
      this.expectPunct(')');
      return inner;
    }
    const following = this.tokens[this.index + 1];
    if (token?.type === 'word' && following?.type === 'punct' && following.text === '(') {
      return this.call(token.text);
    }
    const left = this.operand();
    const operator = this.next();
    if (operator?.type !== 'word' || !COMPARISONS.includes(operator.text.toLowerCase())) {
      throw new ODataError('$filter', `Expected a comparison (eq, ne, gt, ge, lt, le) ${where(operator)}.`);
    }
    const right = this.operand();
    return { kind: 'compare', operator: operator.text.toLowerCase() as ComparisonOperator, left, right };
  }

  private call(name: string): FilterNode {
    if (name.toLowerCase() !== 'contains') {
      throw new ODataError(
        '$filter',
        `The function '${name}' is not supported; use contains(field, 'text').`,
      );
    }
    this.next();
    this.expectPunct('(');
    const field = this.next();
    if (field?.type !== 'word')
      throw new ODataError('$filter', `contains needs a field name first ${where(field)}.`);
    this.expectPunct(',');
    const text = this.next();
    if (text?.type !== 'string')
      throw new ODataError('$filter', `contains needs a quoted text second ${where(text)}.`);
    this.expectPunct(')');
    return { kind: 'contains', field: field.text, text: text.text };
  }

  private operand(): Operand {
    const token = this.next();
    switch (token?.type) {
      case 'string':
        return { kind: 'literal', value: token.text };
      case 'number':
        return { kind: 'literal', value: token.value };
      case 'dateTime':
        return { kind: 'literal', value: token.text, dateTime: true };
      case 'word': {
        const lower = token.text.toLowerCase();
        if (lower === 'true' || lower === 'false') return { kind: 'literal', value: lower === 'true' };
        if (lower === 'null') return { kind: 'literal', value: null };
        if (['and', 'or', 'not', ...COMPARISONS].includes(lower)) {
          throw new ODataError('$filter', `Expected a field or a value ${where(token)}.`);
        }
        return { kind: 'field', name: token.text };
      }
      case 'punct':
      case undefined:
        throw new ODataError('$filter', `Expected a field or a value ${where(token)}.`);
    }
  }
}

function describe(token: Token): string {
  switch (token.type) {
    case 'string':
      return `'${token.text}'`;
    case 'number':
      return String(token.value);
    case 'dateTime':
    case 'punct':
    case 'word':
      return `'${token.text}'`;
  }
}

function where(token: Token | undefined): string {
  return token === undefined ? 'at the end' : `at position ${token.at}, found ${describe(token)}`;
}

function depth(node: FilterNode): number {
  switch (node.kind) {
    case 'and':
    case 'or':
      return 1 + Math.max(depth(node.left), depth(node.right));
    case 'not':
      return 1 + depth(node.operand);
    case 'compare':
    case 'contains':
      return 1;
  }
}

/** Parses a $filter expression; throws ODataError when it is not in the supported subset. */
export function parseFilter(input: string): FilterNode {
  if (input.length > MAX_LENGTH) {
    throw new ODataError('$filter', `The filter is longer than ${MAX_LENGTH} characters.`);
  }
  const tokens = tokenize(input);
  if (tokens.length === 0) throw new ODataError('$filter', 'The filter is empty.');
  const node = new Parser(tokens).parse();
  if (depth(node) > MAX_DEPTH) {
    throw new ODataError('$filter', `The filter nests deeper than ${MAX_DEPTH} levels.`);
  }
  return node;
}

export interface OrderByClause {
  field: string;
  direction: 'asc' | 'desc';
}

/** Parses '$orderby=a desc, b' into clauses. */
export function parseOrderBy(input: string): OrderByClause[] {
  const clauses = input.split(',').map((part) => part.trim());
  return clauses.map((clause) => {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)(?:\s+(asc|desc))?$/i.exec(clause);
    if (!match)
      throw new ODataError('$orderby', `'${clause}' is not a field name optionally followed by asc or desc.`);
    return { field: match[1] as string, direction: (match[2]?.toLowerCase() ?? 'asc') as 'asc' | 'desc' };
  });
}
