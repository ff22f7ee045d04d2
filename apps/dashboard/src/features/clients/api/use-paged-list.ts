import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient, Page } from '@sentinel/api-sdk';
import { useApiClient } from '../../../lib/api-client';

export interface PagedList<T> {
  items: T[];
  /** The first page has not come yet. */
  loading: boolean;
  /** A later page is on its way. */
  loadingMore: boolean;
  /** The last failure, kept and logged, never shown (spec: "keep the message, show nothing"). */
  error: unknown;
  hasMore: boolean;
  /** Asks for the next page; ignored while one is loading or when there is none. */
  loadMore: () => void;
}

/**
 * Server-paged list for infinite scrolling. `fetchPage` (memoise it on its inputs) answers page
 * `pageIndex`; a new `fetchPage` starts again from page 0, and answers for an older one are dropped.
 */
export function usePagedList<T>(
  fetchPage: (client: ApiClient, pageIndex: number) => Promise<Page<T>>,
): PagedList<T> {
  const client = useApiClient();
  const [state, setState] = useState<{
    items: T[];
    next: number | null;
    loading: boolean;
    loadingMore: boolean;
    error: unknown;
  }>({ items: [], next: 0, loading: true, loadingMore: false, error: undefined });
  // The query generation: bumped by every new fetchPage, so stale answers can be recognised.
  const generation = useRef(0);
  const busy = useRef(false);

  const load = useCallback(
    (pageIndex: number, first: boolean) => {
      const mine = generation.current;
      busy.current = true;
      fetchPage(client, pageIndex).then(
        (page) => {
          if (mine !== generation.current) return;
          busy.current = false;
          setState((current) => {
            const items = first ? page.items : [...current.items, ...page.items];
            const more = page.items.length > 0 && items.length < page.totalCount;
            return {
              items,
              next: more ? page.pageIndex + 1 : null,
              loading: false,
              loadingMore: false,
              error: undefined,
            };
          });
        },
        (error: unknown) => {
          if (mine !== generation.current) return;
          busy.current = false;
          console.error(error);
          setState((current) => ({ ...current, loading: false, loadingMore: false, error }));
        },
      );
    },
    [client, fetchPage],
  );

  useEffect(() => {
    generation.current += 1;
    setState({ items: [], next: 0, loading: true, loadingMore: false, error: undefined });
    load(0, true);
  }, [load]);

  const { next, error } = state;
  const loadMore = useCallback(() => {
    // After a failure the list stays as it is: rows near the end must not retry in a loop.
    if (busy.current || next === null || next === 0 || error !== undefined) return;
    setState((current) => ({ ...current, loadingMore: true }));
    load(next, false);
  }, [load, next, error]);

  return {
    items: state.items,
    loading: state.loading,
    loadingMore: state.loadingMore,
    error: state.error,
    hasMore: state.next !== null,
    loadMore,
  };
}
