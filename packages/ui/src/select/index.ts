export { Select } from './select';
export type { SelectProps, SelectOption } from './select';
