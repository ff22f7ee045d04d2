export { createQueryClient, STALE_TIME_MS } from './query-client';
