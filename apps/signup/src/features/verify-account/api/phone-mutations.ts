import { useMutation } from '@tanstack/react-query';
import type { PhoneVerification } from '@sentinel/domain';
import { useAuthApi } from '../../../lib/api-services';

/** POST /Auth/ConfirmPhone with the six digits. */
export function useConfirmPhoneMutation() {
  const auth = useAuthApi();
  return useMutation({
    mutationFn: ({ phone, code }: { phone: PhoneVerification; code: string }) =>
      auth.confirmPhone({ ...phone, PhoneConfirmationToken: code }),
  });
}

/** POST /Auth/ResendPhoneConfirmation. */
export function useResendCodeMutation() {
  const auth = useAuthApi();
  return useMutation({
    mutationFn: (phone: PhoneVerification) =>
      auth.resendPhoneConfirmation({ phoneCode: phone.PhoneCode, phoneNumber: phone.PhoneNumber }),
  });
}
