// The vehicle's arming as the kit's VehicleCard takes it: the state from the cached vehicle, the
// calls through the card's mutations, and why the last Arm or Disarm failed.
import { useState } from 'react';
import { errorText, isApiError } from '@sentinel/api-sdk';
import type { Vehicle } from '@sentinel/api-sdk';
import { formatHistoryDate } from '@sentinel/domain';
import type { VehicleArming } from '@sentinel/ui';
import { useArmingScheduleMutation, useArmMutation } from '../api/use-vehicle-card-mutations';

/** A refusal the schedule dialog shows at its fields (Days, From, To). */
const isFieldError = (error: unknown) => isApiError(error) && Object.keys(error.errors).length > 0;

/**
 * The dialog shows what a rejection says: field errors pass through as the api gave them; any other
 * failure becomes the spec's sentence (the server's message, else its status text, else ours).
 */
function asDialogError(error: unknown, fallback: string): unknown {
  console.error(error);
  return isFieldError(error) ? error : new Error(errorText(error, fallback), { cause: error });
}

export function useVehicleArming(vehicle: Vehicle): { arming: VehicleArming; failure: string | undefined } {
  const arm = useArmMutation(vehicle.id);
  const schedule = useArmingScheduleMutation(vehicle.id);
  const [failure, setFailure] = useState<string>();

  // Logged as the spec asks for lock failures, and shown too: a refusal is never silent.
  const setArmed = (armed: boolean) => {
    setFailure(undefined);
    arm.mutate(armed, {
      onError: (error) => {
        console.error(error);
        setFailure(errorText(error, armed ? 'Failed to arm the vehicle' : 'Failed to disarm the vehicle'));
      },
    });
  };

  return {
    arming: {
      armed: vehicle.armed,
      armedSince: vehicle.armedSince === null ? null : formatHistoryDate(vehicle.armedSince),
      schedule: vehicle.armingSchedule,
      onArm: () => setArmed(true),
      onDisarm: () => setArmed(false),
      busy: arm.isPending,
      onSaveSchedule: async (next) => {
        try {
          await schedule.mutateAsync(next);
        } catch (error) {
          throw asDialogError(error, 'Failed to save the arming schedule');
        }
      },
      onRemoveSchedule: async () => {
        try {
          await schedule.mutateAsync(null);
        } catch (error) {
          throw asDialogError(error, 'Failed to remove the arming schedule');
        }
      },
    },
    failure,
  };
}
