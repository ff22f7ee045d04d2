export { TabNav } from './tab-nav';
export type { TabNavProps, TabNavItem } from './tab-nav';
