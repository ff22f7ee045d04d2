export { ClientCard } from './client-card';
export type { ClientCardProps, ClientCardRootProps } from './client-card';
