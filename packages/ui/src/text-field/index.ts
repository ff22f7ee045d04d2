export { TextField } from './text-field';
export type { TextFieldProps } from './text-field';
