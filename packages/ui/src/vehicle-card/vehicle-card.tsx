import { createContext, use, useState } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import type { Badge } from '@sentinel/domain';
import { clsx } from 'clsx';
import { Button } from '../button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../card';
import { PhoneIcon } from '../internal/icons';
import { StatusBadge } from '../status-badge';
import { ArmingScheduleDialog } from '../arming-schedule-dialog';
import { ArmControl, ArmedTag, ArmingActions, ArmingDetails } from './arming';
import type { VehicleArming } from './arming';
import type { DeviceChange } from './change-device-dialog';
import { Coordinates, type GpsCoordinates } from './coordinates';
import { DeviceSerial } from './device-serial';
import { CommandState } from '../command-state';
import type { CommandStateView } from '../command-state';
import { LockControl } from './lock-control';
import { PartnerAlerts } from './partner-alerts';

// ---------------------------------------------------------------------------------------------
// Compound parts: a consumer arranges these inside VehicleCard.Root as it likes.
// ---------------------------------------------------------------------------------------------

/** The change-device dialog is opened both by the serial's 'Change device' and by 'Reactivate'. */
interface ChangeDialogState {
  open: boolean;
  setOpen: (open: boolean) => void;
}
const ChangeDialogContext = createContext<ChangeDialogState | null>(null);

function useChangeDialog(): ChangeDialogState {
  const state = use(ChangeDialogContext);
  if (state === null) throw new Error('VehicleCard parts must be inside VehicleCard.Root');
  return state;
}

export interface VehicleCardRootProps extends ComponentPropsWithRef<'div'> {
  /** A tamper alert is active: the card gets a red edge. @default false */
  alert?: boolean | undefined;
}

/** The card surface; holds the state the parts share (the change-device dialog). */
function Root({ alert = false, className, children, ...rest }: VehicleCardRootProps) {
  const [open, setOpen] = useState(false);
  return (
    <ChangeDialogContext value={{ open, setOpen }}>
      <Card {...rest} className={clsx('sn-vehicle-card', alert && 'sn-vehicle-card--alert', className)}>
        {children}
      </Card>
    </ChangeDialogContext>
  );
}

export interface VehicleCardHeaderProps {
  /** The vehicle's nickname, else its make. */
  title: string;
  registrationNumber: string;
  /** From `badgeState()` of @sentinel/domain, live values merged in. */
  badge: Badge;
  /** Heading level of the title. @default 3 */
  level?: 2 | 3 | 4;
  /** The vehicle is armed: an 'Armed' pill beside the badge. @default false */
  armed?: boolean | undefined;
}

/** Title, registration number and status badge (with 'Armed' beside it while armed). */
function Header({ title, registrationNumber, badge, level = 3, armed = false }: VehicleCardHeaderProps) {
  return (
    <CardHeader>
      <div className="sn-vehicle-card__identity">
        <CardTitle level={level}>{title}</CardTitle>
        <p className="sn-vehicle-card__registration">{registrationNumber}</p>
      </div>
      <div className="sn-vehicle-card__badges">
        <StatusBadge badge={badge} />
        <ArmedTag armed={armed} />
      </div>
    </CardHeader>
  );
}

/** The card's body: details, map and coordinates go inside. */
function Content({ className, ...rest }: ComponentPropsWithRef<'div'>) {
  return <CardContent {...rest} className={clsx('sn-vehicle-card__content', className)} />;
}

/** The label/value list; Detail and DeviceSerial rows go inside. */
function Details({ className, ...rest }: ComponentPropsWithRef<'dl'>) {
  return <dl {...rest} className={clsx('sn-details', className)} />;
}

/** One label/value row of Details. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="sn-details__row">
      <dt className="sn-details__label">{label}</dt>
      <dd className="sn-details__value">{children}</dd>
    </div>
  );
}

export interface VehicleCardDeviceSerialProps {
  /** The linked device's serial; null or absent shows 'No device linked'. */
  serialNumber?: string | null | undefined;
  /** Enables 'Change device' next to the serial. */
  deviceChange?: DeviceChange | undefined;
}

/** The 'Device serial number' row, with 'Change device' when `deviceChange` is given. */
function Serial({ serialNumber, deviceChange }: VehicleCardDeviceSerialProps) {
  const dialog = useChangeDialog();
  return (
    <DeviceSerial
      serialNumber={serialNumber}
      deviceChange={deviceChange}
      changeOpen={dialog.open}
      onChangeOpenChange={dialog.setOpen}
    />
  );
}

/** Room for the map, e.g. `<VehicleMap … />`. */
function MapSlot({ children }: { children: ReactNode }) {
  return <div className="sn-vehicle-card__map">{children}</div>;
}

/** The action row. */
function Actions({ className, ...rest }: ComponentPropsWithRef<'div'>) {
  return <CardFooter {...rest} className={clsx('sn-vehicle-card__actions', className)} />;
}

/** 'Call driver' as a tel: link; disabled without a number. */
function CallDriver({ phone }: { phone?: string | null | undefined }) {
  if (phone === undefined || phone === null || phone.trim() === '') {
    return (
      <Button variant="secondary" disabled>
        <PhoneIcon />
        Call driver
      </Button>
    );
  }
  return (
    <Button asChild variant="secondary">
      <a href={`tel:${phone.replace(/\s+/g, '')}`}>
        <PhoneIcon />
        Call driver
      </a>
    </Button>
  );
}

/**
 * 'Reactivate'. Without `onReactivate` it opens the card's change-device dialog (so the agent links
 * a working device), which needs a DeviceSerial with `deviceChange` in the same card.
 */
function Reactivate({ onReactivate }: { onReactivate?: (() => void) | undefined }) {
  const dialog = useChangeDialog();
  return (
    <Button variant="primary" onClick={onReactivate ?? (() => dialog.setOpen(true))}>
      Reactivate
    </Button>
  );
}

// ---------------------------------------------------------------------------------------------
// The preset: every part in the dashboard's order, from one set of props.
// ---------------------------------------------------------------------------------------------

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
  /**
   * The vehicle's arming: 'Armed' beside the badge, the 'Arming' and 'Arming schedule' rows, Arm or
   * Disarm and 'Arming schedule' (its dialog). Absent, none of them shows.
   */
  arming?: VehicleArming | undefined;
  /** Heading level of the title. @default 3 */
  level?: 2 | 3 | 4;
  className?: string;
}

function autoLockText(enabled: boolean | null): string {
  if (enabled === null) return 'Unknown';
  return enabled ? 'On' : 'Off';
}

/** The all-in-one card the dashboard uses: the parts below, arranged once. */
function VehicleCardPreset({
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
  arming,
  level = 3,
  className,
}: VehicleCardProps) {
  const canReactivate = deviceActive === false && (onReactivate !== undefined || deviceChange !== undefined);
  return (
    <Root alert={alert} {...(className !== undefined ? { className } : {})}>
      <Header
        title={title}
        registrationNumber={registrationNumber}
        badge={badge}
        level={level}
        armed={arming?.armed ?? false}
      />
      <Content>
        <Details>
          <Serial serialNumber={deviceSerialNumber} deviceChange={deviceChange} />
          {deviceActive !== undefined && (
            <Detail label="Device status">{deviceActive ? 'Active' : 'Inactive'}</Detail>
          )}
          {lastGpsUpdate !== undefined && (
            <Detail label="Last GPS update">{lastGpsUpdate ?? 'Unknown'}</Detail>
          )}
          {applicationVersion !== undefined && (
            <Detail label="Application version">{applicationVersion ?? 'Unknown'}</Detail>
          )}
          {autoLockEnabled !== undefined && (
            <Detail label="Auto-lock">{autoLockText(autoLockEnabled)}</Detail>
          )}
          {arming !== undefined && (
            <ArmingDetails armed={arming.armed} armedSince={arming.armedSince} schedule={arming.schedule} />
          )}
        </Details>
        {map !== undefined && map !== null && <MapSlot>{map}</MapSlot>}
        <Coordinates coordinates={coordinates} />
      </Content>
      <Actions>
        <CallDriver phone={driverPhone} />
        <LockControl isLocked={isLocked} onLock={onLock} onUnlock={onUnlock} busy={lockBusy} />
        {arming !== undefined && <ArmingActions arming={arming} registrationNumber={registrationNumber} />}
        {canReactivate && <Reactivate onReactivate={onReactivate} />}
        <PartnerAlerts onAlertAura={onAlertAura} onAlertCapitalAir={onAlertCapitalAir} />
        <CommandState
          command={lockCommand}
          onCancel={onCancelLockCommand}
          cancelBusy={cancelLockCommandBusy}
        />
      </Actions>
    </Root>
  );
}

/**
 * The vehicle card. `<VehicleCard … />` is the preset; `VehicleCard.Root` and its parts build a
 * card of another shape (see the README and the Composed story).
 */
export const VehicleCard = Object.assign(VehicleCardPreset, {
  Root,
  Header,
  Content,
  Details,
  Detail,
  DeviceSerial: Serial,
  Map: MapSlot,
  Coordinates,
  Actions,
  CallDriver,
  Lock: LockControl,
  Arm: ArmControl,
  Arming: ArmingDetails,
  ArmingSchedule: ArmingScheduleDialog,
  CommandState,
  Reactivate,
  PartnerAlerts,
});
