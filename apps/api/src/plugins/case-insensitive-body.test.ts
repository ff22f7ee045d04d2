import { describe, expect, it } from 'vitest';
import { matchKeysToSchema } from './case-insensitive-body';

const schema = {
  type: 'object',
  properties: {
    email: { type: 'string' },
    vehicle: { type: 'object', properties: { registrationNumber: { type: 'string' } } },
    drivers: { type: 'array', items: { type: 'object', properties: { firstName: { type: 'string' } } } },
  },
};

describe('matchKeysToSchema', () => {
  it('renames keys that differ from the schema only in case', () => {
    expect(matchKeysToSchema({ EMAIL: 'a@b.co' }, schema)).toEqual({ email: 'a@b.co' });
  });

  it('follows nested objects and arrays of objects', () => {
    expect(
      matchKeysToSchema(
        { Vehicle: { RegistrationNumber: 'CA 123' }, DRIVERS: [{ FirstName: 'Thandi' }] },
        schema,
      ),
    ).toEqual({ vehicle: { registrationNumber: 'CA 123' }, drivers: [{ firstName: 'Thandi' }] });
  });

  it('prefers the exact spelling over a differently cased twin, in either order', () => {
    expect(matchKeysToSchema({ Email: 'first', email: 'exact' }, schema)).toEqual({ email: 'exact' });
    expect(matchKeysToSchema({ email: 'exact', Email: 'second' }, schema)).toEqual({ email: 'exact' });
  });

  it('leaves keys the schema does not know, and values that are not objects, alone', () => {
    expect(matchKeysToSchema({ Other: 1 }, schema)).toEqual({ Other: 1 });
    expect(matchKeysToSchema('text', schema)).toBe('text');
    expect(matchKeysToSchema({ Email: 'a' }, undefined)).toEqual({ Email: 'a' });
  });
});
