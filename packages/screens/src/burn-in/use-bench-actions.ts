/*
 * Every change the bench asks of the service, as TanStack Query mutations: each answers with the
 * server's message (or the spec's default), each failure with the spec's alert, and each success
 * refreshes the results and the free stations, so the screen shows its own change at once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText, isApiError } from '@sentinel/api-sdk';
import type { BurnInMessage, BurnInTestType } from '@sentinel/api-sdk';
import { BURN_IN_MESSAGES, retryingTestMessage } from '@sentinel/domain';
import { burnInKeys } from './burn-in-queries';
import type { BurnInServices } from './burn-in-queries';

export interface BenchNotice {
  variant: 'success' | 'error';
  title: string;
  /** For a failure: the service's own reason. */
  detail?: string | undefined;
}

export type Notify = (notice: BenchNotice) => void;

function useBenchMutation<V>(
  run: (variables: V) => Promise<BurnInMessage>,
  success: (variables: V) => string,
  failure: string,
  notify: Notify,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (answer, variables) => {
      notify({ variant: 'success', title: answer.message || success(variables) });
      await queryClient.invalidateQueries({ queryKey: burnInKeys.all });
    },
    onError: (error) => {
      // The spec alerts on an answer that is not 200; anything else (no answer) is only logged.
      if (isApiError(error)) notify({ variant: 'error', title: failure, detail: errorText(error) });
      else console.error(error);
    },
  });
}

export function useBenchActions({ burnIn }: Pick<BurnInServices, 'burnIn'>, notify: Notify) {
  const m = BURN_IN_MESSAGES;
  return {
    startAll: useBenchMutation(
      () => burnIn.startAllTests(),
      () => m.allStarted,
      m.startAllFailed,
      notify,
    ),
    stopAll: useBenchMutation(
      () => burnIn.stopAllTests(),
      () => m.allStopped,
      m.stopAllFailed,
      notify,
    ),
    startUnit: useBenchMutation(
      (serial: string) => burnIn.startUnitTest(serial),
      () => m.unitStarted,
      m.startUnitFailed,
      notify,
    ),
    stopUnit: useBenchMutation(
      (serial: string) => burnIn.stopUnitTest(serial),
      () => m.allStopped,
      m.stopUnitFailed,
      notify,
    ),
    retryFailed: useBenchMutation(
      (serial: string) => burnIn.retryFailedTests(serial),
      () => m.unitStarted,
      m.retryFailedFailed,
      notify,
    ),
    retryTest: useBenchMutation(
      ({ serial, testType }: { serial: string; testType: BurnInTestType }) =>
        burnIn.retryUnitTest(serial, testType),
      ({ serial, testType }) => retryingTestMessage(testType, serial),
      m.retryTestFailed,
      notify,
    ),
    addUnit: useBenchMutation(
      ({ serial, stationId }: { serial: string; stationId: string }) => burnIn.addUnit(serial, stationId),
      () => m.added,
      m.addFailed,
      notify,
    ),
    removeUnit: useBenchMutation(
      (serial: string) => burnIn.removeUnit(serial),
      () => m.removed,
      m.removeFailed,
      notify,
    ),
  };
}

export type BenchActions = ReturnType<typeof useBenchActions>;
