// The vehicle card with its data and actions wired to the api and the query cache. The app hands it
// to the client list and View account, which show it without importing it.
import { memo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { errorText, isApiError } from '@sentinel/api-sdk';
import type { Vehicle } from '@sentinel/api-sdk';
import {
  formatHistoryDate,
  HISTORY_TYPE,
  mayChangeDevice,
  mayRegisterDevice,
  maySendLockNow,
  ROUTES,
} from '@sentinel/domain';
import type { LockRequest } from '@sentinel/domain';
import { Alert, Button, CommandState, VEHICLE_MAP_ZOOM, VehicleCard, VehicleMap } from '@sentinel/ui';
import { authorisedUserAtom } from '../../../lib/session';
import { useAppSettings } from '../../../lib/app-settings';
import { hasDevice, vehicleBadge } from '../../../lib/vehicle-live/live-vehicle';
import {
  useCancelCommandMutation,
  useLockMutation,
  useSendNowMutation,
} from '../api/use-vehicle-card-mutations';
import { LockReasonDialog } from './lock-reason-dialog';
import { useLockCommand } from '../hooks/use-lock-command';
import { useDeviceChange, useDeviceStatus, usePartnerAlert } from '../hooks/use-card-actions';
import { useVehicleArming } from '../hooks/use-vehicle-arming';

/** A refusal the reason dialog shows beside its fields. */
const isFieldError = (error: unknown) => isApiError(error) && Object.keys(error.errors).length > 0;

export interface VehicleCardContainerProps {
  /**
   * The vehicle as the list showing it holds it in the query cache, where the live connection keeps
   * its lock state, tamper alert and position current.
   */
  vehicle: Vehicle;
  /** Heading level of the card title. @default 3 */
  level?: 2 | 3 | 4;
}

/**
 * Memoised: a list the live connection updates hands every card its vehicle again, and only the
 * vehicles a message changed are new objects, so only their cards render.
 */
export const VehicleCardContainer = memo(function VehicleCardContainer({
  vehicle,
  level = 3,
}: VehicleCardContainerProps) {
  const { googleMapsApiKey } = useAppSettings();
  const linked = hasDevice(vehicle);
  const status = useDeviceStatus(linked ? vehicle.deviceId : null);
  const lock = useLockMutation(vehicle.id);
  const cancelCommand = useCancelCommandMutation(vehicle.id);
  const sendNow = useSendNowMutation(vehicle.id);
  const lockCommand = useLockCommand(vehicle.id, linked);
  const [askingReason, setAskingReason] = useState(false);
  const badge = vehicleBadge(vehicle);
  const onAlertAura = usePartnerAlert(vehicle.id, HISTORY_TYPE.auraCallout);
  const onAlertCapitalAir = usePartnerAlert(vehicle.id, HISTORY_TYPE.capitalAirIncident);
  // A Company-Admin may not change or register devices (the registry is shared by every company):
  // not offered.
  const user = useAtomValue(authorisedUserAtom);
  const mayChange = mayChangeDevice(user?.userRole ?? '');
  const deviceChange = useDeviceChange(vehicle, mayRegisterDevice(user?.userRole ?? ''));
  // Every staff role is offered arming; the server keeps each to their own vehicles.
  const { arming, failure: armingFailure } = useVehicleArming(vehicle);
  const [lockFailure, setLockFailure] = useState<string>();
  // A lock held while the vehicle moves shows below the card, where another staff member may send it now.
  const held = lockCommand?.status === 'WaitingForSlowdown' ? lockCommand : null;
  const onSendNow =
    held && user && maySendLockNow(held.requestedByUserId, user.userId)
      ? () => {
          setLockFailure(undefined);
          sendNow.mutate(held.id, {
            onError: (error) => {
              console.error(error);
              setLockFailure(errorText(error, 'Failed to send the lock'));
            },
          });
        }
      : undefined;

  const latitude = vehicle.lastKnownGpsLatitudeDegrees;
  const longitude = vehicle.lastKnownGpsLongitudeDegrees;
  const coordinates = latitude !== null && longitude !== null ? { latitude, longitude } : null;
  const gpsTime = vehicle.gpsDateTime;
  const driver = vehicle.drivers[0];

  // Logged as the spec asks, and shown too: a refusal the server gives is never silent.
  const unlock = () => {
    setLockFailure(undefined);
    lock.mutate(null, {
      onError: (error) => {
        console.error(error);
        setLockFailure(errorText(error, 'Failed to unlock the vehicle'));
      },
    });
  };
  // The dialog shows field errors itself; anything else is the card's lock failure.
  const lockWithReason = async (request: LockRequest) => {
    setLockFailure(undefined);
    try {
      await lock.mutateAsync(request);
    } catch (error) {
      if (!isFieldError(error)) {
        console.error(error);
        setLockFailure(errorText(error, 'Failed to lock the vehicle'));
        setAskingReason(false);
      }
      throw error;
    }
  };

  return (
    <div className="vehicle-card-container">
      <VehicleCard
        level={level}
        title={vehicle.nickname?.trim() || vehicle.make}
        registrationNumber={vehicle.registrationNumber}
        badge={badge}
        deviceSerialNumber={linked ? vehicle.deviceSerialNumber : null}
        {...(linked
          ? {
              deviceActive: vehicle.deviceActive ?? false,
              lastGpsUpdate: gpsTime === null ? null : formatHistoryDate(gpsTime),
              applicationVersion: status?.applicationVersion ?? null,
              autoLockEnabled: status ? status.autoLockEnabledState !== 0 : null,
            }
          : {})}
        coordinates={coordinates}
        alert={vehicle.tamperActive}
        map={
          coordinates && (
            <VehicleMap
              apiKey={googleMapsApiKey}
              latitude={coordinates.latitude}
              longitude={coordinates.longitude}
              zoom={VEHICLE_MAP_ZOOM}
              alert={vehicle.tamperActive}
            />
          )
        }
        isLocked={linked ? vehicle.isLocked : null}
        lockBusy={lock.isPending}
        onLock={() => setAskingReason(true)}
        onUnlock={unlock}
        lockCommand={held ? null : lockCommand}
        onCancelLockCommand={lockCommand ? () => cancelCommand.mutate(lockCommand.id) : undefined}
        cancelLockCommandBusy={cancelCommand.isPending}
        driverPhone={driver ? `+${driver.phoneCode}${driver.phoneNumber}` : null}
        onAlertAura={onAlertAura}
        onAlertCapitalAir={onAlertCapitalAir}
        deviceChange={mayChange ? deviceChange : undefined}
        // Nothing to arm without a device to report it (the api refuses as it does Lock).
        arming={linked ? arming : undefined}
      />
      {held && (
        <CommandState
          command={held}
          onCancel={() => cancelCommand.mutate(held.id)}
          cancelBusy={cancelCommand.isPending}
          onSendNow={onSendNow}
          sendNowBusy={sendNow.isPending}
        />
      )}
      {lockFailure !== undefined && <Alert variant="error">{lockFailure}</Alert>}
      {armingFailure !== undefined && <Alert variant="error">{armingFailure}</Alert>}
      {askingReason && (
        <LockReasonDialog
          registrationNumber={vehicle.registrationNumber}
          open
          onOpenChange={setAskingReason}
          lock={lockWithReason}
        />
      )}
      {linked && (
        <Button asChild variant="secondary">
          <Link
            to={ROUTES.vehicleReplay(vehicle.userId, vehicle.id)}
            aria-label={`Replay ${vehicle.registrationNumber}`}
          >
            Replay
          </Link>
        </Button>
      )}
    </div>
  );
});
