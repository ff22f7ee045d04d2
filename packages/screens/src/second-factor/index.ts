// The second factor of a staff sign-in, composed by the dashboard (sign-in, step-up, signing in
// again to change the password) and apps/burnin (sign-in).
export { AuthenticationCodeField } from './authentication-code-field';
export { SecondFactorForm } from './second-factor-form';
export { signInSteps } from './sign-in-steps';
export { PASSKEY_NOT_CONFIRMED, passkeyErrorText } from './passkeys';

export type { SecondFactorFormProps, SecondFactorHandlers } from './second-factor-form';
export type { SecondFactorCalls, StartPasskey } from './sign-in-steps';
