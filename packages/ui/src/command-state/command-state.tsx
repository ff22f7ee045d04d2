import { WAITING_FOR_SLOWDOWN_LABEL } from '@sentinel/domain';
import type { DeviceCommand } from '@sentinel/domain';
import { clsx } from 'clsx';
import { Button } from '../button';

/** What the widget reads of a lock or unlock command (the SDK's DeviceCommand fits). */
export type CommandStateView = Pick<DeviceCommand, 'type' | 'status' | 'deviceOnline' | 'reason'>;

export interface CommandStateProps {
  /** The vehicle's newest lock or unlock command; null shows nothing. */
  command: CommandStateView | null;
  /** Offered while the command waits for an offline device. */
  onCancel?: (() => void) | undefined;
  /** The cancel call is in flight. @default false */
  cancelBusy?: boolean | undefined;
  /**
   * Offered while a lock waits for the vehicle to slow down: sends it at once. Give it only to a
   * staff member other than the one who asked (the server refuses the requester).
   */
  onSendNow?: (() => void) | undefined;
  /** The send-now call is in flight. @default false */
  sendNowBusy?: boolean | undefined;
  className?: string;
}

const verb = (command: CommandStateView) => (command.type === 'Lock' ? 'lock' : 'unlock');
const progress = (command: CommandStateView) => (command.type === 'Lock' ? 'Locking…' : 'Unlocking…');

/**
 * Where a lock or unlock stands between the request and the device's answer: 'Waiting for the
 * vehicle to slow down' (with Send now and Cancel) while a lock is held for a moving vehicle,
 * 'Locking…' while the device has it (or is about to), a queue notice with Cancel while the device
 * is offline, and a failed or expired command as an alert. A confirmed one shows nothing here: the
 * badge and the lock button show the new state.
 */
export function CommandState({
  command,
  onCancel,
  cancelBusy = false,
  onSendNow,
  sendNowBusy = false,
  className,
}: CommandStateProps) {
  if (command === null) return null;
  const { status } = command;
  if (status === 'WaitingForSlowdown') {
    return (
      <div className={clsx('sn-command-state', 'sn-command-state--queued', className)} role="status">
        <p className="sn-command-state__text">{WAITING_FOR_SLOWDOWN_LABEL}</p>
        {onSendNow !== undefined && (
          <Button variant="primary" busy={sendNowBusy} onClick={onSendNow}>
            Send now
          </Button>
        )}
        {onCancel !== undefined && (
          <Button variant="secondary" busy={cancelBusy} onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    );
  }
  const queued = status === 'Pending' && !command.deviceOnline;
  if (queued) {
    return (
      <div className={clsx('sn-command-state', 'sn-command-state--queued', className)} role="status">
        <p className="sn-command-state__text">
          {`Device offline: the ${verb(command)} will be sent when it reconnects.`}
        </p>
        {onCancel !== undefined && (
          <Button variant="secondary" busy={cancelBusy} onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    );
  }
  if (status === 'Pending' || status === 'Delivered') {
    return (
      <p className={clsx('sn-command-state', 'sn-command-state--progress', className)} role="status">
        {progress(command)}
      </p>
    );
  }
  if (status === 'Failed' || status === 'Expired') {
    const why =
      status === 'Expired'
        ? 'the device did not answer in time'
        : (command.reason ?? 'the device could not carry it out');
    return (
      <p className={clsx('sn-command-state', 'sn-command-state--failed', className)} role="alert">
        {`${command.type === 'Lock' ? 'Lock' : 'Unlock'} ${status === 'Expired' ? 'expired' : 'failed'}: ${why}.`}
      </p>
    );
  }
  return null;
}
