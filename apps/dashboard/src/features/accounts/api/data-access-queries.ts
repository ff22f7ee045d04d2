// View account's access request (Admin): asking for a download of everything held about the holder.
// The answer's link is shown once and never cached: the api keeps only its token's hash.
import { useMutation } from '@tanstack/react-query';
import type { CreateDataAccessRequest } from '@sentinel/api-sdk';
import { useApiClient } from '../../../lib/api-client';

/** POST /Users/{id}/DataAccessRequests. */
export function useCreateDataAccessRequestMutation(userId: number) {
  const api = useApiClient();
  return useMutation({
    mutationFn: (request: CreateDataAccessRequest) => api.dataAccessRequests.create(userId, request),
  });
}
