export { BurnInSummary } from './burn-in-summary';
export type { BurnInSummaryProps } from './burn-in-summary';
