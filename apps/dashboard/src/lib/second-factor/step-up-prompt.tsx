import { startAuthentication } from '@simplewebauthn/browser';
import { SecondFactorForm } from '@sentinel/screens/second-factor';
import { Dialog, DialogContent } from '@sentinel/ui';
import { useApiClient } from '../api-client';
import type { StepUpRequest } from './step-up';

/** The step-up prompt, wherever the refused action was: code, passkey or recovery code. */
export function StepUpPrompt({ request }: { request: StepUpRequest }) {
  const client = useApiClient();
  return (
    <Dialog open onOpenChange={(open) => !open && request.finish(false)}>
      <DialogContent
        title="Confirm it is you"
        description="This action needs your second factor again."
        closeLabel="Cancel"
      >
        <SecondFactorForm
          factors={request.factors}
          submitLabel="Confirm"
          onCode={async (code) => {
            await client.secondFactor.stepUpTotp(code);
            request.finish(true);
          }}
          onRecoveryCode={async (code) => {
            await client.secondFactor.stepUpRecoveryCode(code);
            request.finish(true);
          }}
          onPasskey={async () => {
            const optionsJSON = await client.secondFactor.stepUpPasskeyOptions();
            await client.secondFactor.stepUpPasskey(await startAuthentication({ optionsJSON }));
            request.finish(true);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
