// The import screen's server data: query keys, query options and mutations of the import calls.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { allPages } from '@sentinel/api-sdk';
import type { ApiClient } from '@sentinel/api-sdk';
import { IMPORT_ROWS_MAX_PAGE_SIZE } from '@sentinel/domain';
import type { ImportJob, ImportMapping } from '@sentinel/domain';
import { useApiClient } from '../../../lib/api-client';
import { companyKeys, nextPageIndex, userKeys, vehicleKeys } from '../../../lib/server-cache';
/** How often a running import's progress is asked for. */
export const PROGRESS_POLL_MS = 1000;

export const importKeys = {
  all: ['imports'] as const,
  job: (id: number) => [...importKeys.all, id] as const,
  allRows: (id: number) => [...importKeys.job(id), 'rows'] as const,
  rows: (id: number, errorsOnly: boolean) => [...importKeys.allRows(id), errorsOnly] as const,
};

// Companies come in pages; a person with more than one page of them still chooses among all.
const COMPANY_CHOICES_PAGE_SIZE = 100;

export const importQueries = {
  /** GET /Companies, every page: the companies the signed-in user may import into. */
  companies: (api: ApiClient) =>
    queryOptions({
      queryKey: companyKeys.choices(),
      queryFn: () => allPages((page) => api.companies.list({ pageSize: COMPANY_CHOICES_PAGE_SIZE, ...page })),
    }),
  /** GET /Imports/{id}, asked again every second while the run goes on. */
  job: (api: ApiClient, id: number) =>
    queryOptions({
      queryKey: importKeys.job(id),
      queryFn: () => api.imports.get(id),
      refetchInterval: (query) => (query.state.data?.status === 'Running' ? PROGRESS_POLL_MS : false),
    }),
  /** GET /Imports/{id}/Rows, every row (or every row with errors) a page at a time as the table scrolls. */
  rows: (api: ApiClient, id: number, errorsOnly: boolean) =>
    infiniteQueryOptions({
      queryKey: importKeys.rows(id, errorsOnly),
      queryFn: ({ pageParam }) =>
        api.imports.rows(id, { $pagesize: IMPORT_ROWS_MAX_PAGE_SIZE, $pageindex: pageParam, errorsOnly }),
      initialPageParam: 0,
      getNextPageParam: nextPageIndex,
    }),
};

/** The job as an answer left it, and its rows asked again (their plans or outcomes changed). */
function useStoreJob() {
  const queryClient = useQueryClient();
  return async (job: ImportJob) => {
    queryClient.setQueryData(importKeys.job(job.id), job);
    await queryClient.invalidateQueries({ queryKey: importKeys.allRows(job.id) });
  };
}

/** POST /Imports: uploads and previews the file. */
export function useUploadMutation() {
  const api = useApiClient();
  const store = useStoreJob();
  return useMutation({
    mutationFn: async ({ file, companyId }: { file: File; companyId: number | null }) =>
      api.imports.upload({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }, companyId),
    onSuccess: store,
  });
}

/** PUT /Imports/{id}/Mapping. */
export function useMappingMutation(id: number) {
  const api = useApiClient();
  const store = useStoreJob();
  return useMutation({
    mutationFn: (mapping: ImportMapping) => api.imports.map(id, mapping),
    onSuccess: store,
  });
}

/** POST /Imports/{id}/Start; the lists will show the new holders and vehicles when next asked. */
export function useStartMutation(id: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const store = useStoreJob();
  return useMutation({
    mutationFn: (sendPasswordLinks: boolean) => api.imports.start(id, { sendPasswordLinks }),
    onSuccess: async (job) => {
      await store(job);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      await queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
    },
  });
}

/** POST /Imports/{id}/Cancel. */
export function useCancelMutation(id: number) {
  const api = useApiClient();
  const store = useStoreJob();
  return useMutation({ mutationFn: () => api.imports.cancel(id), onSuccess: store });
}
