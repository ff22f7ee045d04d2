import { ChangeDeviceDialog, type DeviceChange } from './change-device-dialog';

export interface DeviceSerialProps {
  serialNumber: string | null | undefined;
  /** When given (and a device is linked), a 'Change device' action opens the change dialog. */
  deviceChange?: DeviceChange | undefined;
  /** Whether the change dialog is open. */
  changeOpen: boolean;
  onChangeOpenChange: (open: boolean) => void;
}

/** The 'Device serial number' row of the vehicle card, editable through the change dialog. */
export function DeviceSerial({
  serialNumber,
  deviceChange,
  changeOpen,
  onChangeOpenChange,
}: DeviceSerialProps) {
  const linked = serialNumber !== undefined && serialNumber !== null && serialNumber !== '';
  return (
    <div className="sn-details__row">
      <dt className="sn-details__label">Device serial number</dt>
      <dd className="sn-details__value sn-device-serial">
        <span>{linked ? serialNumber : 'No device linked'}</span>
        {linked && deviceChange !== undefined && (
          <ChangeDeviceDialog
            currentSerialNumber={serialNumber}
            deviceChange={deviceChange}
            open={changeOpen}
            onOpenChange={onChangeOpenChange}
          />
        )}
      </dd>
    </div>
  );
}
