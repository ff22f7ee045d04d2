/*
 * The tail every OData list shares: order the page query by the compiled $orderby, read the page
 * and the exact total in parallel, and answer { items, totalCount, pageIndex, pageSize }.
 */
import type { Kysely, SelectQueryBuilder, Simplify } from 'kysely';
import { readerOf } from '../db/database';
import type { CompiledList } from './compile';

export interface PagedList<Item> {
  items: Item[];
  totalCount: number;
  pageIndex: number;
  pageSize: number;
}

/**
 * `base` (built on `db`) holds the FROM, joins and WHERE (filter and scope) but no selection: the
 * page selects through `select`, the count counts `base` itself. Both run on `db`'s reader, off the
 * api's thread on a SQLite file (a long filter scans the table twice); `load` turns the page's rows
 * into items, in order, reading what it needs through the same reader (a company's counts over its
 * users' vehicles are a scan too).
 */
export async function runPagedList<DB, TB extends keyof DB, O, Row, Item>(
  db: Kysely<DB>,
  base: SelectQueryBuilder<DB, TB, O>,
  list: CompiledList,
  select: (base: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, Row>,
  load: (rows: Simplify<Row>[], reader: Kysely<DB>) => Item[] | Promise<Item[]>,
): Promise<PagedList<Item>> {
  const reader = readerOf(db);
  let page = select(base);
  for (const term of list.order) page = page.orderBy(term.expression, term.direction);
  const [{ rows }, { rows: totals }] = await Promise.all([
    reader.executeQuery(
      page
        .limit(list.pageSize)
        .offset(list.pageIndex * list.pageSize)
        .compile(),
    ),
    reader.executeQuery(
      base
        .select((eb) => eb.fn.countAll<number>().as('count'))
        // TypeScript cannot resolve a selection over a generic DB; the one this adds is { count }.
        .$castTo<{ count: number }>()
        .compile(),
    ),
  ]);
  return {
    items: await load(rows, reader),
    // A count without GROUP BY always answers one row.
    totalCount: Number(totals[0]?.count ?? 0),
    pageIndex: list.pageIndex,
    pageSize: list.pageSize,
  };
}
