export { IdNumberField } from './id-number-field';
export type { IdNumberFieldProps } from './id-number-field';
