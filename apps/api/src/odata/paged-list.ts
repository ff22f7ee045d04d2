/*
 * The tail every OData list shares: order the page query by the compiled $orderby, read the page
 * and the exact total in parallel, and answer { items, totalCount, pageIndex, pageSize }.
 */
import type { SelectQueryBuilder, Simplify } from 'kysely';
import type { CompiledList } from './compile';

export interface PagedList<Item> {
  items: Item[];
  totalCount: number;
  pageIndex: number;
  pageSize: number;
}

/**
 * `base` holds the FROM, joins and WHERE (filter and scope) but no selection: the page selects
 * through `select`, the count counts `base` itself. `load` turns the page's rows into items, in order.
 */
export async function runPagedList<DB, TB extends keyof DB, O, Row, Item>(
  base: SelectQueryBuilder<DB, TB, O>,
  list: CompiledList,
  select: (base: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, Row>,
  load: (rows: Simplify<Row>[]) => Item[] | Promise<Item[]>,
): Promise<PagedList<Item>> {
  let page = select(base);
  for (const term of list.order) page = page.orderBy(term.expression, term.direction);
  const [rows, total] = await Promise.all([
    page
      .limit(list.pageSize)
      .offset(list.pageIndex * list.pageSize)
      .execute(),
    base
      .select((eb) => eb.fn.countAll<number>().as('count'))
      // TypeScript cannot resolve a selection over a generic DB; the one this adds is { count }.
      .$castTo<{ count: number }>()
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: await load(rows),
    totalCount: Number(total.count),
    pageIndex: list.pageIndex,
    pageSize: list.pageSize,
  };
}
