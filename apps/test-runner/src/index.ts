export { build, DEFAULT_STATIONS } from './app';

export type { BuildOptions } from './app';
