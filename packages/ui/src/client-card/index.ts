export { ClientCard } from './client-card';
export type { ClientCardProps } from './client-card';
