import { useMutation } from '@tanstack/react-query';
import type { SignUpRequest } from '@sentinel/domain';
import { useApiClient } from '../../../lib/api-client';

/** POST /Auth/SignUp. */
export function useSignUpMutation() {
  const client = useApiClient();
  return useMutation({ mutationFn: (request: SignUpRequest) => client.auth.signUp(request) });
}
