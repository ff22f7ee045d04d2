import { useState } from 'react';
import type { ReactNode } from 'react';
import type { Badge } from '@sentinel/domain';
import { clsx } from 'clsx';
import { Button } from '../button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../card';
import { PhoneIcon } from '../internal/icons';
import { StatusBadge } from '../status-badge';
import type { DeviceChange } from './change-device-dialog';
import { Coordinates, type GpsCoordinates } from './coordinates';
import { DeviceSerial } from './device-serial';
import { CommandState } from '../command-state';
import type { CommandStateView } from '../command-state';
import { LockControl } from './lock-control';
import { PartnerAlerts } from './partner-alerts';

export interface VehicleCardProps {
  /** The vehicle's nickname, else its make. */
  title: string;
  registrationNumber: string;
  /** From `badgeState()` of @sentinel/domain, live values merged in. */
  badge: Badge;
  /** The linked device's serial; null or absent shows 'No device linked'. */
  deviceSerialNumber?: string | null | undefined;
  /** The device's active flag; false shows 'Inactive' and, with onReactivate, 'Reactivate'. */
  deviceActive?: boolean | undefined;
  /** Already formatted by the app; null shows 'Unknown'; absent hides the row. */
  lastGpsUpdate?: string | null | undefined;
  /** From GetDeviceStatusInfo; null shows 'Unknown'; absent hides the row. */
  applicationVersion?: string | null | undefined;
  /** From autoLockEnabledState (0 = off): shows 'Auto-lock' On / Off / Unknown (null); absent hides the row. */
  autoLockEnabled?: boolean | null | undefined;
  /** Last known position; null shows 'GPS coordinates unavailable'. */
  coordinates: GpsCoordinates | null;
  /** A tamper alert is active: the card gets a red edge (the map shows the alert pin itself). */
  alert: boolean;
  /** The map, e.g. `<VehicleMap … alert={alert} />`; the card leaves room for it above the coordinates. */
  map?: ReactNode;
  /** null while unknown: Lock is then disabled. */
  isLocked: boolean | null;
  onLock: () => void;
  onUnlock: () => void;
  /** A lock or unlock call is in flight. @default false */
  lockBusy?: boolean | undefined;
  /** The newest lock or unlock sent to the device: 'Locking…', queued while offline, failed or expired. */
  lockCommand?: CommandStateView | null | undefined;
  /** Cancels a lock or unlock queued for an offline device. */
  onCancelLockCommand?: (() => void) | undefined;
  /** The cancel call is in flight. @default false */
  cancelLockCommandBusy?: boolean | undefined;
  /** The driver's number for a tel: link, e.g. '+27821234567'; absent disables 'Call driver'. */
  driverPhone?: string | null | undefined;
  /** Resolve when the alert is accepted ('Alert sent'); reject with an Error carrying the text to show. */
  onAlertAura: () => Promise<void>;
  onAlertCapitalAir: () => Promise<void>;
  /**
   * 'Reactivate' shows only while `deviceActive === false`. Without this callback it opens the
   * change-device dialog, so the agent links a working device: the kit's default, see the README.
   */
  onReactivate?: (() => void) | undefined;
  /** Enables 'Change device' next to the serial. */
  deviceChange?: DeviceChange | undefined;
  /** Heading level of the title. @default 3 */
  level?: 2 | 3 | 4;
  className?: string;
}

function DetailRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="sn-details__row">
      <dt className="sn-details__label">{label}</dt>
      <dd className="sn-details__value">{value}</dd>
    </div>
  );
}

function autoLockText(enabled: boolean | null): string {
  if (enabled === null) return 'Unknown';
  return enabled ? 'On' : 'Off';
}

export function VehicleCard({
  title,
  registrationNumber,
  badge,
  deviceSerialNumber,
  deviceActive,
  lastGpsUpdate,
  applicationVersion,
  autoLockEnabled,
  coordinates,
  alert,
  map,
  isLocked,
  onLock,
  onUnlock,
  lockBusy = false,
  lockCommand = null,
  onCancelLockCommand,
  cancelLockCommandBusy = false,
  driverPhone,
  onAlertAura,
  onAlertCapitalAir,
  onReactivate,
  deviceChange,
  level = 3,
  className,
}: VehicleCardProps) {
  const [changeOpen, setChangeOpen] = useState(false);
  const reactivate = onReactivate ?? (deviceChange !== undefined ? () => setChangeOpen(true) : undefined);
  const hasDriverPhone = driverPhone !== undefined && driverPhone !== null && driverPhone.trim() !== '';
  return (
    <Card className={clsx('sn-vehicle-card', alert && 'sn-vehicle-card--alert', className)}>
      <CardHeader>
        <div className="sn-vehicle-card__identity">
          <CardTitle level={level}>{title}</CardTitle>
          <p className="sn-vehicle-card__registration">{registrationNumber}</p>
        </div>
        <StatusBadge badge={badge} />
      </CardHeader>
      <CardContent className="sn-vehicle-card__content">
        <dl className="sn-details">
          <DeviceSerial
            serialNumber={deviceSerialNumber}
            deviceChange={deviceChange}
            changeOpen={changeOpen}
            onChangeOpenChange={setChangeOpen}
          />
          {deviceActive !== undefined && (
            <DetailRow label="Device status" value={deviceActive ? 'Active' : 'Inactive'} />
          )}
          {lastGpsUpdate !== undefined && (
            <DetailRow label="Last GPS update" value={lastGpsUpdate ?? 'Unknown'} />
          )}
          {applicationVersion !== undefined && (
            <DetailRow label="Application version" value={applicationVersion ?? 'Unknown'} />
          )}
          {autoLockEnabled !== undefined && (
            <DetailRow label="Auto-lock" value={autoLockText(autoLockEnabled)} />
          )}
        </dl>
        {map !== undefined && map !== null && <div className="sn-vehicle-card__map">{map}</div>}
        <Coordinates coordinates={coordinates} />
      </CardContent>
      <CardFooter className="sn-vehicle-card__actions">
        {hasDriverPhone ? (
          <Button asChild variant="secondary">
            <a href={`tel:${driverPhone.replace(/\s+/g, '')}`}>
              <PhoneIcon />
              Call driver
            </a>
          </Button>
        ) : (
          <Button variant="secondary" disabled>
            <PhoneIcon />
            Call driver
          </Button>
        )}
        <LockControl isLocked={isLocked} onLock={onLock} onUnlock={onUnlock} busy={lockBusy} />
        {deviceActive === false && reactivate !== undefined && (
          <Button variant="primary" onClick={reactivate}>
            Reactivate
          </Button>
        )}
        <PartnerAlerts onAlertAura={onAlertAura} onAlertCapitalAir={onAlertCapitalAir} />
        <CommandState
          command={lockCommand}
          onCancel={onCancelLockCommand}
          cancelBusy={cancelLockCommandBusy}
        />
      </CardFooter>
    </Card>
  );
}
