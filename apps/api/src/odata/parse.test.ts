import { describe, expect, it } from 'vitest';
import { ODataError, parseFilter, parseOrderBy } from './parse';

const field = (name: string) => ({ kind: 'field', name });
const literal = (value: unknown) => ({ kind: 'literal', value });

describe('parseFilter', () => {
  it('reads each comparison operator, in any case', () => {
    for (const operator of ['eq', 'ne', 'gt', 'ge', 'lt', 'le']) {
      expect(parseFilter(`Age ${operator.toUpperCase()} 5`)).toEqual({
        kind: 'compare',
        operator,
        left: field('Age'),
        right: literal(5),
      });
    }
  });

  it('reads string, number, boolean, null and date-time literals', () => {
    expect(parseFilter("a eq 'text'")).toMatchObject({ right: literal('text') });
    expect(parseFilter('a eq -12.5')).toMatchObject({ right: literal(-12.5) });
    expect(parseFilter('a eq true')).toMatchObject({ right: literal(true) });
    expect(parseFilter('a eq False')).toMatchObject({ right: literal(false) });
    expect(parseFilter('a eq null')).toMatchObject({ right: literal(null) });
    expect(parseFilter('a gt 2025-01-31T08:00:00Z')).toMatchObject({
      right: { kind: 'literal', value: '2025-01-31T08:00:00Z', dateTime: true },
    });
  });

  it('reads a doubled quote as one quote inside a text, so a quote cannot end the literal early', () => {
    expect(parseFilter("lastName eq 'O''Brien'")).toMatchObject({ right: literal("O'Brien") });
    expect(parseFilter("lastName eq 'x'' or 1 eq 1 or ''y'")).toMatchObject({
      kind: 'compare',
      right: literal("x' or 1 eq 1 or 'y"),
    });
  });

  it('binds and tighter than or', () => {
    expect(parseFilter('a eq 1 or b eq 2 and c eq 3')).toMatchObject({
      kind: 'or',
      left: { kind: 'compare', left: field('a') },
      right: { kind: 'and', left: { left: field('b') }, right: { left: field('c') } },
    });
  });

  it('binds not tighter than and and or', () => {
    expect(parseFilter('not (a eq 1) or b eq 2')).toMatchObject({
      kind: 'or',
      left: { kind: 'not', operand: { kind: 'compare', left: field('a') } },
      right: { kind: 'compare', left: field('b') },
    });
  });

  it('lets parentheses override precedence', () => {
    expect(parseFilter('(a eq 1 or b eq 2) and c eq 3')).toMatchObject({
      kind: 'and',
      left: { kind: 'or' },
      right: { kind: 'compare', left: field('c') },
    });
  });

  it('reads contains(field, text)', () => {
    expect(parseFilter("contains(SerialNumber, 'snt') and VehicleId eq 0")).toEqual({
      kind: 'and',
      left: { kind: 'contains', field: 'SerialNumber', text: 'snt' },
      right: { kind: 'compare', operator: 'eq', left: field('VehicleId'), right: literal(0) },
    });
  });

  it.each([
    ['', 'The filter is empty.'],
    ['a eq', 'Expected a field or a value at the end.'],
    ['a like 1', "Expected a comparison (eq, ne, gt, ge, lt, le) at position 2, found 'like'."],
    ["a eq 'open", 'The text starting at position 5 has no closing quote.'],
    ['(a eq 1', "Expected ')' at the end."],
    ['a eq 1 b', "Unexpected 'b' at position 7."],
    ["startswith(a, 'x')", "The function 'startswith' is not supported; use contains(field, 'text')."],
    ['a eq 1; drop table users', "Unexpected ';' at position 6."],
  ])('refuses %j', (input, message) => {
    expect(() => parseFilter(input)).toThrow(new ODataError('$filter', message));
  });

  it('refuses a filter nested deeper than 100 levels, before it reaches the SQL engine', () => {
    expect(() => parseFilter(`${'not '.repeat(150)}a eq 1`)).toThrow(
      'The filter nests deeper than 100 levels.',
    );
    expect(() => parseFilter(`${'('.repeat(20)}a eq 1${')'.repeat(20)}`)).not.toThrow();
  });

  it('refuses a filter longer than 2000 characters', () => {
    expect(() => parseFilter(`a eq '${'x'.repeat(2000)}'`)).toThrow(
      'The filter is longer than 2000 characters.',
    );
  });

  it('counts parentheses as it reads, refusing more than 20 open at once however long the rest', () => {
    expect(() => parseFilter(`${'('.repeat(21)}a eq 1${')'.repeat(21)}`)).toThrow(
      new ODataError('$filter', 'The filter nests parentheses deeper than 20 levels.'),
    );
    // As many as the length allows end the same way, not in a stack overflow.
    expect(() => parseFilter('('.repeat(2_000))).toThrow(
      'The filter nests parentheses deeper than 20 levels.',
    );
    expect(() => parseFilter(`${'(a eq 1) and '.repeat(50)}b eq 2`)).not.toThrow();
  });
});

describe('parseOrderBy', () => {
  it('reads several fields with optional directions', () => {
    expect(parseOrderBy('lastName, firstName DESC ,id asc')).toEqual([
      { field: 'lastName', direction: 'asc' },
      { field: 'firstName', direction: 'desc' },
      { field: 'id', direction: 'asc' },
    ]);
  });

  it('refuses anything but field names and directions', () => {
    expect(() => parseOrderBy('lastName; drop')).toThrow(ODataError);
    expect(() => parseOrderBy('lastName sideways')).toThrow(ODataError);
  });
});
