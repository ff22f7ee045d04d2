export { TripReplay } from './trip-replay';
export type { TripReplayProps, TripReplayRootProps } from './trip-replay';
