import { useQuery } from '@tanstack/react-query';
import type { Device } from '@sentinel/api-sdk';
import { ONBOARDING_MESSAGES } from '@sentinel/domain';
import { Checkbox, SearchCombobox, TextField } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { installationQueries } from '../api/installation-queries';

export interface ExistingInstallation {
  /** 'YYYY-MM-DDTHH:MM', the browser's local time; may lie in the past. */
  dateTime: string;
  deviceText: string;
  device: Device | null;
  confirmed: boolean;
}

export const NO_EXISTING: ExistingInstallation = {
  dateTime: '',
  deviceText: '',
  device: null,
  confirmed: false,
};

/** An installation already done: when it was, the device fitted (from the free devices) and a confirmation. */
export function ExistingInstallationFields({
  value,
  onChange,
  deviceError,
}: {
  value: ExistingInstallation;
  onChange: (next: ExistingInstallation) => void;
  deviceError: string | undefined;
}) {
  const api = useApiClient();
  const devices = useQuery(installationQueries.freeDevices(api, value.deviceText));
  return (
    <>
      <TextField
        label="Installation date and time"
        type="datetime-local"
        value={value.dateTime}
        onChange={(event) => onChange({ ...value, dateTime: event.target.value })}
      />
      <SearchCombobox<Device>
        label="Device serial number"
        options={devices.data ?? []}
        optionToString={(device) => device.serialNumber}
        optionKey={(device) => device.id}
        selected={value.device}
        onSelectedChange={(device) =>
          onChange({ ...value, device, deviceText: device?.serialNumber ?? value.deviceText })
        }
        inputValue={value.deviceText}
        onInputValueChange={(deviceText) =>
          onChange({
            ...value,
            deviceText,
            device: value.device !== null && value.device.serialNumber === deviceText ? value.device : null,
          })
        }
        loading={devices.isFetching && devices.data === undefined}
        emptyText={ONBOARDING_MESSAGES.deviceNotFound}
        error={deviceError}
      />
      <Checkbox
        label="I confirm this device is fitted to this vehicle"
        checked={value.confirmed}
        onCheckedChange={(confirmed) => onChange({ ...value, confirmed })}
      />
    </>
  );
}
