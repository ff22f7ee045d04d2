import { describe, expect, it } from 'vitest';
import { signUpStepForErrors, validateSignUp } from './sign-up';

const valid = {
  Email: 'lerato@example.co.za',
  acceptedTermsAndConditionsAndPolicy: true,
  acceptedToAllowInformationToBeUsedToContact: false,
  Password: 'Str0ng!pw',
  FirstName: 'Lerato',
  LastName: 'Mokoena',
  PhoneNumber: '0821234567',
  IdNumber: '9001015800085',
  IdNumberIsSouthAfrican: true,
};

describe('validateSignUp', () => {
  it('accepts a complete sign-up without marketing consent', () => {
    expect(validateSignUp(valid)).toEqual({});
  });

  it('names every faulty field by its server name', () => {
    expect(
      Object.keys(
        validateSignUp({
          ...valid,
          Email: 'nope',
          acceptedTermsAndConditionsAndPolicy: false,
          Password: 'weak',
          FirstName: ' ',
          PhoneNumber: '12',
          IdNumber: '123',
        }),
      ),
    ).toEqual([
      'Email',
      'AcceptedTermsAndConditionsAndPolicy',
      'Password',
      'FirstName',
      'PhoneNumber',
      'IdNumber',
    ]);
  });
});

describe('signUpStepForErrors', () => {
  it('goes to the email step first, then password, else details', () => {
    expect(signUpStepForErrors({ PhoneNumber: ['x'], Email: ['x'], Password: ['x'] })).toBe('email');
    expect(signUpStepForErrors({ PhoneNumber: ['x'], password: ['x'] })).toBe('password');
    expect(signUpStepForErrors({ IdNumber: ['x'] })).toBe('details');
    expect(signUpStepForErrors({})).toBe('details');
  });
});
