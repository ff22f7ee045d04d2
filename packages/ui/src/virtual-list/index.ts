export { VirtualList } from './virtual-list';
export type { VirtualListProps } from './virtual-list';
