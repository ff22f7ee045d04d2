import { useMutation } from '@tanstack/react-query';
import type { SignUpRequest } from '@sentinel/domain';
import { useAuthApi } from '../../../lib/api-services';

/** POST /Auth/SignUp. */
export function useSignUpMutation() {
  const auth = useAuthApi();
  return useMutation({ mutationFn: (request: SignUpRequest) => auth.signUp(request) });
}
