import { useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { clsx } from 'clsx';

export interface VirtualListProps<T> {
  items: readonly T[];
  /** Expected row height in px before a row is measured; real heights are measured as rows render. */
  estimateSize: number;
  /** A stable key per item, so measured heights follow the item when the list is sorted or filtered. */
  getKey: (item: T, index: number) => string | number;
  renderItem: (item: T, index: number) => ReactNode;
  /** Rows rendered beyond each edge of the visible area, for smooth scrolling. @default 5 */
  overscan?: number | undefined;
  /** Height of the scroll area (px or any CSS length). @default '70vh' */
  height?: number | string | undefined;
  /** Space between rows in px. @default 12 */
  gap?: number | undefined;
  /** Accessible name of the list, e.g. 'Clients'. */
  label?: string | undefined;
  className?: string;
}

/**
 * A long list that renders only the rows in view (TanStack Virtual). Rows are measured after they
 * render (`measureElement`), so a row that grows, such as an expanded client card, pushes the rows
 * below it down instead of overlapping them.
 */
export function VirtualList<T>({
  items,
  estimateSize,
  getKey,
  renderItem,
  overscan = 5,
  height = '70vh',
  gap = 12,
  label,
  className,
}: VirtualListProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // TanStack Virtual hands back functions whose answers change on scroll, so React Compiler would
  // skip this component; nothing here relies on the compiler's memoisation.
  // eslint-disable-next-line react-hooks/incompatible-library -- see above
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    getItemKey: (index) => getKey(items[index] as T, index),
    overscan,
    gap,
  });

  return (
    // Focusable so keyboard users can scroll it even when its rows hold nothing focusable (axe's
    // scrollable-region-focusable), although a plain div is not interactive to jsx-a11y.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div ref={scrollRef} className={clsx('sn-virtual-list', className)} style={{ height }} tabIndex={0}>
      <div
        role="list"
        aria-label={label}
        className="sn-virtual-list__inner"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            role="listitem"
            // Only a window of rows exists in the DOM; these tell assistive technology the real size.
            aria-setsize={items.length}
            aria-posinset={row.index + 1}
            className="sn-virtual-list__row"
            style={{ transform: `translateY(${row.start}px)` }}
          >
            {renderItem(items[row.index] as T, row.index)}
          </div>
        ))}
      </div>
    </div>
  );
}
