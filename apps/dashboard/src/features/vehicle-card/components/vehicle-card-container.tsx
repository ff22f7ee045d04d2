// The vehicle card with its data and actions wired to the api and the live hub. The client list and
// View account both show it, so it lives in lib (features never import each other).
import { useCallback, useMemo, useState } from 'react';
import { and, contains, eq, isApiError } from '@sentinel/api-sdk';
import type { ApiClient, Vehicle } from '@sentinel/api-sdk';
import { formatHistoryDate, HISTORY_TYPE } from '@sentinel/domain';
import type { HistoryType } from '@sentinel/domain';
import { VEHICLE_MAP_ZOOM, VehicleCard, VehicleMap } from '@sentinel/ui';
import type { DeviceChange } from '@sentinel/ui';
import { useApiClient } from './api-client';
import { useAppSettings } from './app-settings';
import { useLiveBadge, useLiveLockState, useLiveTamperActive, useVehicleLive } from './live/use-live';
import { useApiQuery } from './use-api-query';

/** Spec part 2 §9: the device search asks for 50 results, ordered by serial. */
export const DEVICE_SEARCH_PAGE_SIZE = 50;
export const CHANGE_DEVICE_FAILED = 'Failed to change device';

/** The linked device as the card knows it; replaced after a device change. */
interface LinkedDevice {
  id: number;
  serialNumber: string;
  active: boolean;
}

function linkedDevice(vehicle: Vehicle): LinkedDevice | null {
  if (vehicle.deviceId === null || vehicle.deviceId === 0 || vehicle.deviceSerialNumber === null) return null;
  return {
    id: vehicle.deviceId,
    serialNumber: vehicle.deviceSerialNumber,
    active: vehicle.deviceActive ?? false,
  };
}

/** The text of a failed call as the spec shows it: the server's message, else its title (the status text). */
function failureText(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.body?.message || error.body?.title || fallback;
  return fallback;
}

export interface VehicleCardContainerProps {
  vehicle: Vehicle;
  /** Heading level of the card title. @default 3 */
  level?: 2 | 3 | 4;
}

export function VehicleCardContainer({ vehicle, level = 3 }: VehicleCardContainerProps) {
  const client = useApiClient();
  const { googleMapsApiKey } = useAppSettings();
  const [device, setDevice] = useState(() => linkedDevice(vehicle));
  // What this card itself changed since the list was loaded: the newest entry it caused, the lock state.
  const [ownLatest, setOwnLatest] = useState<{ type: HistoryType; isLocked?: boolean } | null>(null);
  const [lockBusy, setLockBusy] = useState(false);

  const status = useDeviceStatus(device?.id ?? null);
  const live = useVehicleLive(vehicle.id);
  const serverLocked =
    ownLatest?.type === HISTORY_TYPE.lockState ? (ownLatest.isLocked ?? null) : vehicle.isLocked;
  const isLocked = useLiveLockState(vehicle.id, serverLocked);
  const tamperActive = useLiveTamperActive(vehicle.id, vehicle.tamperActive);
  const badge = useLiveBadge(vehicle.id, {
    hasDevice: device !== null,
    latestEntry:
      ownLatest ??
      (vehicle.latestHistoryType === null
        ? null
        : { type: vehicle.latestHistoryType, isLocked: vehicle.latestHistoryIsLocked }),
    carBatteryVolts: vehicle.carBatteryVolts,
    deviceBatteryPercent: vehicle.deviceBatteryPercent,
  });

  const latitude = live?.latitudeDegrees ?? vehicle.lastKnownGpsLatitudeDegrees;
  const longitude = live?.longitudeDegrees ?? vehicle.lastKnownGpsLongitudeDegrees;
  const coordinates = latitude !== null && longitude !== null ? { latitude, longitude } : null;
  const gpsTime =
    live?.latitudeDegrees !== undefined ? new Date(live.updatedAt).toISOString() : vehicle.gpsDateTime;
  const driver = vehicle.drivers[0];

  async function changeLock(locked: boolean) {
    setLockBusy(true);
    try {
      await (locked ? client.vehicles.lock(vehicle.id) : client.vehicles.unlock(vehicle.id));
      setOwnLatest({ type: HISTORY_TYPE.lockState, isLocked: locked });
    } catch (error) {
      // The spec: lock failures are only logged.
      console.error(error);
    } finally {
      setLockBusy(false);
    }
  }

  const alertPartner = (send: (id: number) => Promise<unknown>, type: HistoryType) => async () => {
    try {
      await send(vehicle.id);
      setOwnLatest({ type });
    } catch (error) {
      // The card shows the rejection's message for 2 seconds: the server's, as the spec says.
      throw new Error(isApiError(error) ? error.message : 'Failed to send alert', { cause: error });
    }
  };

  const deviceChange = useMemo<DeviceChange | undefined>(() => {
    if (device === null) return undefined;
    return {
      searchDevices: async (text) =>
        (
          await client.devices.list({
            filter: and(eq('VehicleId', 0), contains('SerialNumber', text)),
            pageSize: DEVICE_SEARCH_PAGE_SIZE,
            orderBy: [{ field: 'SerialNumber', direction: 'asc' }],
          })
        ).items,
      onChange: async (newSerialNumber) => {
        try {
          const linked = await client.vehicles.changeLinkedDevice(vehicle.id, {
            currentDeviceSerialNumber: device.serialNumber,
            newDeviceSerialNumber: newSerialNumber,
            vehicleNickname: vehicle.nickname ?? '',
          });
          setDevice({ id: linked.id, serialNumber: linked.serialNumber, active: linked.active });
        } catch (error) {
          // The spec asks for a browser alert; the dialog keeps the same text beside its form.
          const message = failureText(error, CHANGE_DEVICE_FAILED);
          window.alert(message);
          throw new Error(message, { cause: error });
        }
      },
    };
  }, [client, device, vehicle.id, vehicle.nickname]);

  return (
    <div className="vehicle-card-container">
      <VehicleCard
        level={level}
        title={vehicle.nickname?.trim() || vehicle.make}
        registrationNumber={vehicle.registrationNumber}
        badge={badge}
        deviceSerialNumber={device?.serialNumber ?? null}
        {...(device !== null
          ? {
              deviceActive: device.active,
              lastGpsUpdate: gpsTime === null ? null : formatHistoryDate(gpsTime),
              applicationVersion: status?.applicationVersion ?? null,
              autoLockEnabled: status ? status.autoLockEnabledState !== 0 : null,
            }
          : {})}
        coordinates={coordinates}
        alert={tamperActive}
        map={
          coordinates && (
            <VehicleMap
              apiKey={googleMapsApiKey}
              latitude={coordinates.latitude}
              longitude={coordinates.longitude}
              zoom={VEHICLE_MAP_ZOOM}
              alert={tamperActive}
            />
          )
        }
        isLocked={device === null ? null : isLocked}
        lockBusy={lockBusy}
        onLock={() => void changeLock(true)}
        onUnlock={() => void changeLock(false)}
        driverPhone={driver ? `+${driver.phoneCode}${driver.phoneNumber}` : null}
        onAlertAura={alertPartner(client.vehicles.alertAura, HISTORY_TYPE.auraCallout)}
        onAlertCapitalAir={alertPartner(client.vehicles.alertCapitalAir, HISTORY_TYPE.capitalAirIncident)}
        deviceChange={deviceChange}
      />
    </div>
  );
}

/** GetDeviceStatusInfo for the linked device; undefined while loading or after a failure (logged). */
function useDeviceStatus(deviceId: number | null) {
  const load = useCallback(
    (api: ApiClient) => (deviceId === null ? Promise.resolve(null) : api.devices.statusInfo(deviceId)),
    [deviceId],
  );
  return useApiQuery(load).data ?? undefined;
}
