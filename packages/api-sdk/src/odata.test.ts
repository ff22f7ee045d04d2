import type {
  DeviceListFields,
  HistoryListFields,
  UserListFields,
  VehicleListFields,
} from '@sentinel/domain';
import { describe, expect, it } from 'vitest';
import { and, contains, eq, ge, gt, le, lt, ne, not, odataLiteral, odataParams, or, orderBy } from './odata';

describe('odataLiteral', () => {
  it('quotes strings and doubles the quotes inside them', () => {
    expect(odataLiteral('Account-Holder')).toBe("'Account-Holder'");
    expect(odataLiteral("O'Brien")).toBe("'O''Brien'");
    expect(odataLiteral("''")).toBe("''''''");
  });

  it('writes numbers, booleans and null bare', () => {
    expect(odataLiteral(0)).toBe('0');
    expect(odataLiteral(-12.5)).toBe('-12.5');
    expect(odataLiteral(true)).toBe('true');
    expect(odataLiteral(false)).toBe('false');
    expect(odataLiteral(null)).toBe('null');
  });

  it('refuses numbers OData cannot write', () => {
    expect(() => odataLiteral(Number.NaN)).toThrow(TypeError);
    expect(() => odataLiteral(Number.POSITIVE_INFINITY)).toThrow(TypeError);
  });
});

describe('comparisons', () => {
  it('writes each operator between the field and the literal', () => {
    expect(String(eq('role', 'Account-Holder'))).toBe("role eq 'Account-Holder'");
    expect(String(ne('id', 3))).toBe('id ne 3');
    expect(String(gt('totalNumberOfVehiclesWithDevice', 0))).toBe('totalNumberOfVehiclesWithDevice gt 0');
    expect(String(ge('registrationYear', 2010))).toBe('registrationYear ge 2010');
    expect(String(lt('id', 10))).toBe('id lt 10');
    expect(String(le('id', 10))).toBe('id le 10');
  });

  it('writes contains as a function call with an escaped literal', () => {
    expect(String(contains('SerialNumber', "ab'c"))).toBe("contains(SerialNumber, 'ab''c')");
  });

  it('refuses a field name that is not a plain identifier, so no filter text sneaks in as a field', () => {
    expect(() => eq('id eq 1 or id', 2)).toThrow(TypeError);
    expect(() => contains('', 'x')).toThrow(TypeError);
  });
});

describe('and, or, not', () => {
  it('joins filters without parentheses when precedence already holds', () => {
    const filter = and(eq('VehicleId', 0), contains('SerialNumber', 'SN-1'));
    expect(String(filter)).toBe("VehicleId eq 0 and contains(SerialNumber, 'SN-1')");
  });

  it('wraps an or inside an and so the meaning is kept', () => {
    const filter = and(
      eq('role', 'Account-Holder'),
      or(contains('firstName', 'an'), contains('lastName', 'an')),
    );
    expect(String(filter)).toBe(
      "role eq 'Account-Holder' and (contains(firstName, 'an') or contains(lastName, 'an'))",
    );
  });

  it('does not wrap an and inside an or', () => {
    expect(String(or(and(eq('a', 1), eq('b', 2)), eq('c', 3)))).toBe('a eq 1 and b eq 2 or c eq 3');
  });

  it('wraps compound operands of not, and leaves simple ones bare', () => {
    expect(String(not(eq('deviceActive', true)))).toBe('not deviceActive eq true');
    expect(String(not(or(eq('a', 1), eq('b', 2)) ?? eq('a', 1)))).toBe('not (a eq 1 or b eq 2)');
    expect(String(and(not(eq('a', 1)), eq('b', 2)))).toBe('not a eq 1 and b eq 2');
  });

  it('skips undefined parts and answers undefined when none remain', () => {
    expect(String(and(eq('a', 1), undefined))).toBe('a eq 1');
    expect(and(undefined, undefined)).toBeUndefined();
    expect(or()).toBeUndefined();
  });
});

describe('odataParams', () => {
  it('sends only what is set', () => {
    expect(odataParams()).toEqual({});
    expect(odataParams({ filter: undefined, orderBy: [] })).toEqual({});
  });

  it('names the parameters as the API reads them', () => {
    expect(
      odataParams({
        filter: eq('VehicleId', 0),
        orderBy: [{ field: 'SerialNumber' }],
        pageSize: 50,
        pageIndex: 2,
      }),
    ).toEqual({
      $filter: 'VehicleId eq 0',
      $orderby: 'SerialNumber asc',
      $pagesize: 50,
      $pageindex: 2,
    });
  });

  it('lists several order clauses most significant first', () => {
    expect(
      odataParams({
        orderBy: [
          { field: 'tamperActive', direction: 'desc' },
          { field: 'createdOnDateTime', direction: 'desc' },
        ],
      }).$orderby,
    ).toBe('tamperActive desc, createdOnDateTime desc');
  });
});

describe('given a list type', () => {
  it('takes the fields of that list, in either case of the first letter, with values of their type', () => {
    expect(String(eq<VehicleListFields>('registrationNumber', 'CA 1'))).toBe("registrationNumber eq 'CA 1'");
    expect(String(eq<VehicleListFields>('deviceId', null))).toBe('deviceId eq null');
    expect(String(eq<DeviceListFields>('VehicleId', 0))).toBe('VehicleId eq 0');
    expect(String(contains<UserListFields>('firstName', 'an'))).toBe("contains(firstName, 'an')");
    expect(String(eq<UserListFields>('role', 'Account-Holder'))).toBe("role eq 'Account-Holder'");
    expect(orderBy<HistoryListFields>('dateTime', 'desc')).toEqual({ field: 'dateTime', direction: 'desc' });
  });

  it('does not compile an unknown field, a value of the wrong type or contains on a number', () => {
    // @ts-expect-error: vehicles have no 'colour' filter field.
    expect(() => eq<VehicleListFields>('colour', 'White')).not.toThrow();
    // @ts-expect-error: registrationNumber is text, not a number.
    expect(String(eq<VehicleListFields>('registrationNumber', 1))).toBe('registrationNumber eq 1');
    // @ts-expect-error: a role is one of the role names.
    expect(String(eq<UserListFields>('role', 'Boss'))).toBe("role eq 'Boss'");
    // @ts-expect-error: contains needs a text field.
    expect(String(contains<DeviceListFields>('id', '1'))).toBe("contains(id, '1')");
    // @ts-expect-error: history sorts by dateTime and type only.
    expect(orderBy<HistoryListFields>('id')).toEqual({ field: 'id', direction: 'asc' });
  });
});
