export { PhoneField } from './phone-field';
export type { PhoneFieldProps } from './phone-field';
