import { lazy, Suspense } from 'react';
import { atom, useAtomValue } from 'jotai';
import type { SecondFactorKind } from '@sentinel/api-sdk';
import type { JotaiStore } from '../session';

/** An open step-up prompt: the factors the person can use, and how to answer the waiting call. */
export interface StepUpRequest {
  factors: readonly SecondFactorKind[];
  /** true once confirmed on the server (the refused call is then sent again), false when cancelled. */
  finish: (confirmed: boolean) => void;
}

/** The prompt on screen, if any. */
export const stepUpRequestAtom = atom<StepUpRequest | null>(null);

/**
 * The api client's `onStepUp`: opens the 'Confirm it is you' dialog and resolves when the person
 * confirms (true) or cancels (false). The client shares one prompt between calls refused together.
 */
export function createStepUpPrompt(
  store: JotaiStore,
): (factors: readonly SecondFactorKind[]) => Promise<boolean> {
  return (factors) =>
    new Promise<boolean>((resolve) => {
      store.set(stepUpRequestAtom, {
        factors,
        finish: (confirmed) => {
          store.set(stepUpRequestAtom, null);
          resolve(confirmed);
        },
      });
    });
}

// The dialog and the passkey library load when a prompt first opens, not with the sign-in page.
const StepUpPrompt = lazy(() =>
  import('./step-up-prompt').then((module) => ({ default: module.StepUpPrompt })),
);

/** The step-up prompt, wherever the refused action was: code, passkey or recovery code. */
export function StepUpDialog() {
  const request = useAtomValue(stepUpRequestAtom);
  if (request === null) return null;
  return (
    <Suspense fallback={null}>
      <StepUpPrompt request={request} />
    </Suspense>
  );
}
