import { useCallback } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { IMPORT_FIELDS } from '@sentinel/domain';
import { Alert, Import, Spinner } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { pageItems } from '../../../lib/server-cache';
import { importQueries } from '../api/import-queries';

/** Every row of the import (or every row with errors), a page at a time as the table scrolls. */
export function ImportRows({ jobId, errorsOnly }: { jobId: number; errorsOnly: boolean }) {
  const api = useApiClient();
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } =
    useInfiniteQuery(importQueries.rows(api, jobId, errorsOnly));
  // Several rows near the end mount at once: a page already on its way is not asked for again.
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);

  if (isPending) return <Spinner label="Loading the rows" />;
  if (isError) return <Alert variant="error">The rows could not be loaded.</Alert>;
  return (
    <>
      <Import.PreviewTable
        rows={pageItems(data)}
        totalCount={data.pages[data.pages.length - 1]?.totalCount}
        fields={IMPORT_FIELDS}
        // After a failed page the table stays as it is: rows near the end must not retry in a loop.
        onNearEnd={hasNextPage && !isFetchNextPageError ? loadMore : undefined}
      />
      {isFetchingNextPage && <Spinner label="Loading more rows" />}
    </>
  );
}
