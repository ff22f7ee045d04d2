import { useCallback } from 'react';
import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Spinner, VirtualList } from '@sentinel/ui';
import type { Page } from '@sentinel/api-sdk';
import { NearEnd } from './near-end';
import { pageItems } from './server-cache';

export interface PagedListProps<T> {
  /** The list's infinite query: its pages are the server's pages. */
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  /** The list's accessible name. */
  label: string;
  /** What the spinner says while the first page loads. @default 'Loading list' */
  loadingLabel?: string;
  /** Shown when the list has no items: the spec's empty message. */
  empty: ReactNode;
  /** Shown when the first page failed; the spec keeps most lists' failures off screen. @default nothing */
  failed?: ReactNode;
  estimateSize: number;
  getKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  /** Rows this close to the end of what is loaded ask for the next page. @default 5 */
  loadAhead?: number;
}

/**
 * A server-paged list as every staff screen shows it: a spinner for the first page, the empty
 * message, a virtual list whose last rows ask for the next page, and 'Loading more' meanwhile.
 */
export function PagedList<T>({
  query,
  label,
  loadingLabel = 'Loading list',
  empty,
  failed = null,
  estimateSize,
  getKey,
  renderItem,
  loadAhead = 5,
}: PagedListProps<T>) {
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } =
    query;
  const items = pageItems(data);
  // After a failed page the list stays as it is: rows near the end must not retry in a loop.
  const canLoadMore = hasNextPage && !isFetchNextPageError;
  // Several rows near the end mount at once: a page already on its way is not asked for again.
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);

  // The spec: a list that failed to load is kept as an error and logged (the query cache logs
  // every failed query once).
  const failedToLoad = isError && items.length === 0;

  if (isPending) return <Spinner label={loadingLabel} />;
  if (failedToLoad) return failed;
  if (items.length === 0) return empty;
  return (
    <>
      <VirtualList
        label={label}
        items={items}
        estimateSize={estimateSize}
        getKey={getKey}
        renderItem={(item, index) => (
          <>
            {renderItem(item)}
            {canLoadMore && index >= items.length - loadAhead && <NearEnd onReached={loadMore} />}
          </>
        )}
      />
      {isFetchingNextPage && <Spinner label="Loading more" />}
    </>
  );
}
