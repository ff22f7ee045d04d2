export { UserPicker } from './user-picker';
export type { UserPickerProps, UserPickerOption } from './user-picker';
