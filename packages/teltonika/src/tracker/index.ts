export { startTeltonikaTracker, MAX_KEPT_RECORDS } from './tracker';
export type { TeltonikaTracker, TeltonikaTrackerOptions, TeltonikaTrackerTimings } from './tracker';
export { answerCommand } from './fmb-answer';
export { parseGatewayAddress } from './address';
export type { GatewayAddress } from './address';
