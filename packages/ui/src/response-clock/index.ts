export { ResponseClock } from './response-clock';
export type { ResponseClockProps } from './response-clock';
