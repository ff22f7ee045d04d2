// The password screens, composed by apps/signup and the dashboard.
export { CreatePasswordScreen } from './create-password-screen';
export { ForgotPasswordScreen } from './forgot-password-screen';
export { ResetPasswordScreen } from './reset-password-screen';
export { NewPasswordForm } from './new-password-form';
export { passwordQueries } from './password-services';

export type { CreatePasswordScreenProps } from './create-password-screen';
export type { ForgotPasswordScreenProps } from './forgot-password-screen';
export type { ResetPasswordScreenProps } from './reset-password-screen';
export type { NewPasswordFormProps } from './new-password-form';
export type { PasswordServices } from './password-services';
