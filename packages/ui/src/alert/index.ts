export { Alert } from './alert';
export type { AlertProps, AlertVariant } from './alert';
