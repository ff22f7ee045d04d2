import type { Page } from '@sentinel/domain';

/**
 * Every item of a paged list as one page: the first page, then the next ones at its page size until
 * its total is in (or a page comes back empty, should the list shrink meanwhile).
 */
export async function allPages<P extends Page<unknown>>(
  readPage: (page?: { pageIndex: number; pageSize: number }) => Promise<P>,
): Promise<P> {
  const first = await readPage();
  const items = [...first.items];
  for (let pageIndex = 1; items.length < first.totalCount; pageIndex += 1) {
    const next = await readPage({ pageIndex, pageSize: first.pageSize });
    if (next.items.length === 0) break;
    items.push(...next.items);
  }
  return { ...first, items };
}
