import { useState, type FormEvent } from 'react';
import type { Device } from '@sentinel/domain';
import { Alert } from '../alert';
import { Button } from '../button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '../dialog';
import { errorText } from '../internal/error-text';
import { TextField } from '../text-field';

/** Spec, part 2 section 5: device search starts at 3 characters (the caller searches from there). */
export const DEVICE_SEARCH_MIN_LENGTH = 3;

/** A device the search found, as the contract names its fields. */
export type DeviceSearchResult = Pick<Device, 'id' | 'serialNumber'>;

/**
 * The change-device search and the change, owned by the caller: it holds the text, searches free
 * devices for it (debounced, from DEVICE_SEARCH_MIN_LENGTH characters) and passes the answer back.
 * The dialog only shows them.
 */
export interface DeviceChange {
  /** The text in the search field. */
  query: string;
  /** The person typed, or picked a listed device (its serial), or closed the dialog (''). */
  onQueryChange: (text: string) => void;
  /** Free devices whose serial contains the query; undefined while no search has answered. */
  results: readonly DeviceSearchResult[] | undefined;
  /** A search is under way. */
  searching: boolean;
  /** Why the last search failed, shown as an error; null when it did not. */
  searchError: string | null;
  /** Links the new device; reject with an Error whose message is the text to show. */
  onChange: (newSerialNumber: string) => Promise<void>;
  /**
   * Registers the typed serial as a new device, offered as 'Register device {serial}' when the
   * search finds nothing; absent for those who may not register devices. Resolve once the search
   * lists the new device; reject with an Error whose message is shown at the serial field.
   */
  onRegister?: ((serialNumber: string) => Promise<void>) | undefined;
}

/** The form inside the dialog; it unmounts when the dialog closes. */
function ChangeDeviceForm({
  currentSerialNumber,
  deviceChange,
  onDone,
}: {
  currentSerialNumber: string;
  deviceChange: DeviceChange;
  onDone: () => void;
}) {
  const [changing, setChanging] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [registering, setRegistering] = useState(false);
  // Kept with the serial it is about, so it goes once the text changes.
  const [refusal, setRefusal] = useState<{ serialNumber: string; message: string } | null>(null);
  const { query: text, onQueryChange, searching, searchError, onChange, onRegister } = deviceChange;
  const query = text.trim();
  // Below the minimum nothing is searched, so whatever the caller still holds is not shown.
  const searchable = query.length >= DEVICE_SEARCH_MIN_LENGTH;
  const results = searchable ? deviceChange.results : undefined;

  const typed = query.toLowerCase();
  const match = results?.find((device) => device.serialNumber.toLowerCase() === typed);
  const canChange = match !== undefined && typed !== currentSerialNumber.toLowerCase() && !changing;
  const notFound = !searching && results?.length === 0;
  const serialError = refusal?.serialNumber === query ? refusal.message : undefined;

  const register = async () => {
    if (onRegister === undefined) return;
    const serialNumber = query;
    setRegistering(true);
    setRefusal(null);
    try {
      await onRegister(serialNumber);
    } catch (error) {
      setRefusal({ serialNumber, message: errorText(error, 'Failed to register device') });
    } finally {
      setRegistering(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canChange) return;
    setChanging(true);
    setFailure(null);
    try {
      await onChange(match.serialNumber);
      onDone();
    } catch (error) {
      setFailure(errorText(error, 'Failed to change device'));
      setChanging(false);
    }
  };

  return (
    <form className="sn-change-device" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label="New device serial number"
        hint={`Type at least ${DEVICE_SEARCH_MIN_LENGTH} characters to search`}
        value={text}
        error={serialError}
        autoComplete="off"
        onChange={(event) => onQueryChange(event.target.value)}
      />
      <div role="status" className="sn-change-device__status">
        {searchable && searching && 'Searching'}
        {notFound && 'Device not found'}
      </div>
      {notFound && onRegister !== undefined && searchError === null && (
        <Button
          type="button"
          variant="secondary"
          busy={registering}
          busyLabel="Registering"
          onClick={() => void register()}
        >
          Register device {query}
        </Button>
      )}
      {searchable && searchError !== null && <Alert variant="error">{searchError}</Alert>}
      {results !== undefined && results.length > 0 && (
        <ul className="sn-change-device__results" aria-label="Matching devices">
          {results.map((device) => (
            <li key={device.id}>
              <button
                type="button"
                className="sn-change-device__result"
                aria-pressed={device.serialNumber.toLowerCase() === typed}
                onClick={() => onQueryChange(device.serialNumber)}
              >
                {device.serialNumber}
              </button>
            </li>
          ))}
        </ul>
      )}
      {failure !== null && <Alert variant="error">{failure}</Alert>}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={!canChange} busy={changing} busyLabel="Changing">
          Change device
        </Button>
      </DialogFooter>
    </form>
  );
}

export interface ChangeDeviceDialogProps {
  currentSerialNumber: string;
  deviceChange: DeviceChange;
  /** Whether the dialog is open, when the owner controls it (the card does, so Reactivate can open it). */
  open?: boolean | undefined;
  onOpenChange?: ((open: boolean) => void) | undefined;
}

/** 'Change device' button and its dialog: search free devices, pick one, link it. */
export function ChangeDeviceDialog({
  currentSerialNumber,
  deviceChange,
  open: controlledOpen,
  onOpenChange,
}: ChangeDeviceDialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = (next: boolean) => {
    // Each opening starts clean: the caller holds the text, so it is told to forget it.
    if (!next) deviceChange.onQueryChange('');
    (onOpenChange ?? setOwnOpen)(next);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" className="sn-device-serial__change">
          Change device
        </Button>
      </DialogTrigger>
      <DialogContent title="Change Device" description={`Current device: ${currentSerialNumber}`}>
        <ChangeDeviceForm
          currentSerialNumber={currentSerialNumber}
          deviceChange={deviceChange}
          onDone={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
