import type { ReplayEvent } from '@sentinel/domain';

/** A raised tamper alert: drawn above the lock, unlock and cancel entries, never under them. */
export function isAlarm(event: ReplayEvent): boolean {
  return event.type === 'TamperAlert' && event.tamperCancelled !== true;
}

/**
 * Items whose markers would overlap along a line, gathered into groups (in position order): an
 * item joins the group before it when it lies less than `gap` from that group's last item, so
 * any two groups are at least `gap` apart, whichever point of them is drawn.
 */
export function groupAlong<T>(items: readonly T[], position: (item: T) => number, gap: number): T[][] {
  const sorted = [...items].sort((a, b) => position(a) - position(b));
  const groups: T[][] = [];
  for (const item of sorted) {
    const last = groups.at(-1);
    const previous = last?.at(-1);
    if (last !== undefined && previous !== undefined && position(item) - position(previous) < gap) {
      last.push(item);
    } else {
      groups.push([item]);
    }
  }
  return groups;
}

export interface Point {
  x: number;
  y: number;
}

/**
 * Items whose markers would overlap on a plane, gathered: an item joins the first group with a
 * member less than `gap` away. Groups keep the items' order.
 */
export function groupNear<T>(items: readonly T[], point: (item: T) => Point, gap: number): T[][] {
  const groups: T[][] = [];
  for (const item of items) {
    const here = point(item);
    const near = groups.find((group) =>
      group.some((other) => {
        const there = point(other);
        return Math.hypot(there.x - here.x, there.y - here.y) < gap;
      }),
    );
    if (near === undefined) groups.push([item]);
    else near.push(item);
  }
  return groups;
}
