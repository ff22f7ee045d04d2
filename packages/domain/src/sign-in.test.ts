import { describe, expect, it } from 'vitest';
import { canSubmitSignIn, dashboardSignInRefusal, signInFailureMessage, validateSignIn } from './sign-in';

describe('sign-in rules', () => {
  it('needs both fields non-empty after trimming', () => {
    expect(canSubmitSignIn({ email: ' a@b.co ', password: 'x' })).toBe(true);
    expect(canSubmitSignIn({ email: '  ', password: 'x' })).toBe(false);
    expect(canSubmitSignIn({ email: 'a@b.co', password: '' })).toBe(false);
  });
  it('reports empty fields to the server keyed as Email and Password', () => {
    expect(validateSignIn({ email: '', password: ' ' })).toEqual({
      Email: ['This field is required'],
      Password: ['This field is required'],
    });
    expect(validateSignIn({ email: 'a@b.co', password: 'x' })).toEqual({});
  });
});

describe('signInFailureMessage', () => {
  it('prefers the message field', () => {
    expect(signInFailureMessage({ message: 'Locked out', errors: { Email: ['x'] } })).toBe('Locked out');
  });
  it('falls back to the first Email error', () => {
    expect(signInFailureMessage({ errors: { Email: ['Unknown email', 'Second'] } })).toBe('Unknown email');
  });
  it('gives nothing when neither exists', () => {
    expect(signInFailureMessage({ errors: { Password: ['x'] } })).toBeUndefined();
    expect(signInFailureMessage(undefined)).toBeUndefined();
  });
});

describe('dashboardSignInRefusal', () => {
  it('refuses an Account-Holder with the spec message', () => {
    expect(dashboardSignInRefusal('Account-Holder')).toBe('Invalid email and password');
  });
  it.each(['Admin', 'Technical-Agent', 'Company-Admin'])('lets %s in', (role) => {
    expect(dashboardSignInRefusal(role)).toBeUndefined();
  });
});
