export { SearchCombobox } from './search-combobox';
export type { SearchComboboxProps } from './search-combobox';
