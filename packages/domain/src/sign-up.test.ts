import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { signUpStepForErrors } from './sign-up';
import { validateSignUp } from './sign-up-details';

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

describe('validateSignUp on the phone', () => {
  it.each(['027', '+27', '882', 'ab'])("refuses the country code '%s' at PhoneCode", (PhoneCode) => {
    expect(validateSignUp({ ...valid, PhoneCode })).toEqual({ PhoneCode: [MESSAGES.phoneCode] });
  });

  it("refuses a South African number under the code '1' at PhoneNumber", () => {
    expect(validateSignUp({ ...valid, PhoneCode: '1' })).toEqual({ PhoneNumber: [MESSAGES.phoneNumber] });
  });

  it('takes the number written internationally, with spaces', () => {
    expect(validateSignUp({ ...valid, PhoneCode: '27', PhoneNumber: '+27 82 123 4567' })).toEqual({});
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
