import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Device } from '@sentinel/domain';
import { Alert } from '../alert';
import { Button } from '../button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '../dialog';
import { errorText } from '../internal/error-text';
import { TextField } from '../text-field';

/** Spec, part 2 section 5: device search starts at 3 characters. */
export const DEVICE_SEARCH_MIN_LENGTH = 3;
/** Typing pauses this long before a search is sent, so each key press is not a request. */
export const DEVICE_SEARCH_DEBOUNCE_MS = 250;

/** A device the search found, as the contract names its fields. */
export type DeviceSearchResult = Pick<Device, 'id' | 'serialNumber'>;

export interface DeviceChange {
  /** Free devices whose serial contains the text (the app calls GET /Devices). */
  searchDevices: (text: string) => Promise<DeviceSearchResult[]>;
  /** Links the new device; reject with an Error whose message is the text to show. */
  onChange: (newSerialNumber: string) => Promise<void>;
}

type Search =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'done'; results: DeviceSearchResult[] }
  | { state: 'failed'; message: string };

/** The form inside the dialog; it unmounts when the dialog closes, so each opening starts clean. */
function ChangeDeviceForm({
  currentSerialNumber,
  deviceChange,
  onDone,
}: {
  currentSerialNumber: string;
  deviceChange: DeviceChange;
  onDone: () => void;
}) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState<Search>({ state: 'idle' });
  const [changing, setChanging] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { searchDevices, onChange } = deviceChange;
  const query = text.trim();
  // Live updates re-render the card (and may hand over a new function) every few seconds; keeping
  // the newest search in a ref means only a change of text starts a new search.
  const searchRef = useRef(searchDevices);
  useEffect(() => {
    searchRef.current = searchDevices;
  }, [searchDevices]);

  // Typing below the minimum forgets the last search at once (in the change handler, not an effect).
  const changeText = (value: string) => {
    setText(value);
    if (value.trim().length < DEVICE_SEARCH_MIN_LENGTH) setSearch({ state: 'idle' });
  };

  useEffect(() => {
    if (query.length < DEVICE_SEARCH_MIN_LENGTH) return;
    let current = true; // a slower, older answer must not overwrite a newer one
    const timer = setTimeout(() => {
      setSearch({ state: 'searching' });
      searchRef.current(query).then(
        (results) => current && setSearch({ state: 'done', results }),
        (error: unknown) =>
          current && setSearch({ state: 'failed', message: errorText(error, 'Failed to search devices') }),
      );
    }, DEVICE_SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query]);

  const typed = query.toLowerCase();
  const match =
    search.state === 'done'
      ? search.results.find((device) => device.serialNumber.toLowerCase() === typed)
      : undefined;
  const canChange = match !== undefined && typed !== currentSerialNumber.toLowerCase() && !changing;

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
        autoComplete="off"
        onChange={(event) => changeText(event.target.value)}
      />
      <div role="status" className="sn-change-device__status">
        {search.state === 'searching' && 'Searching'}
        {search.state === 'done' && search.results.length === 0 && 'Device not found'}
      </div>
      {search.state === 'failed' && <Alert variant="error">{search.message}</Alert>}
      {search.state === 'done' && search.results.length > 0 && (
        <ul className="sn-change-device__results" aria-label="Matching devices">
          {search.results.map((device) => (
            <li key={device.id}>
              <button
                type="button"
                className="sn-change-device__result"
                aria-pressed={device.serialNumber.toLowerCase() === typed}
                onClick={() => setText(device.serialNumber)}
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
  const setOpen = onOpenChange ?? setOwnOpen;
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
