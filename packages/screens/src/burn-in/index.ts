// The burn-in bench screen, composed by apps/burnin and the dashboard's /agent/burnin.
export { BurnInScreen } from './burn-in-screen';
export { burnInKeys, burnInQueries } from './burn-in-queries';
export { layoutFor } from './use-bench-layout';

export type { BurnInScreenProps } from './burn-in-screen';
export type { BurnInServices, BurnInQueries } from './burn-in-queries';
export type { BenchLayout } from './use-bench-layout';
