export { CommandState } from './command-state';
export type { CommandStateProps, CommandStateView } from './command-state';
