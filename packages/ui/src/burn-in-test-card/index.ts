export { BurnInTestCard } from './burn-in-test-card';
export type { BurnInTestCardProps } from './burn-in-test-card';
