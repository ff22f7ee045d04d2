export { build, DEFAULT_STATIONS } from './app';
export { FAULTS, FAULT_NAMES } from './bench/bench-simulator';

export type { BuildOptions } from './app';
export type { FaultName } from './bench/bench-simulator';
