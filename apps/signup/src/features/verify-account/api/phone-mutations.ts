import { useMutation } from '@tanstack/react-query';
import type { PhoneVerification } from '@sentinel/domain';
import { useApiClient } from '../../../lib/api-client';

/** POST /Auth/ConfirmPhone with the six digits. */
export function useConfirmPhoneMutation() {
  const client = useApiClient();
  return useMutation({
    mutationFn: ({ phone, code }: { phone: PhoneVerification; code: string }) =>
      client.auth.confirmPhone({ ...phone, PhoneConfirmationToken: code }),
  });
}

/** POST /Auth/ResendPhoneConfirmation. */
export function useResendCodeMutation() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (phone: PhoneVerification) =>
      client.auth.resendPhoneConfirmation({ phoneCode: phone.PhoneCode, phoneNumber: phone.PhoneNumber }),
  });
}
