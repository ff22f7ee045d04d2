export { PasswordChecklist } from './password-checklist';
export type { PasswordChecklistProps, PasswordChecklistItem } from './password-checklist';
