import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorText, isApiError } from '@sentinel/api-sdk';
import { Alert, Button, Dialog, DialogContent, DialogFooter, Select, Spinner, TextField } from '@sentinel/ui';
import { BURN_IN_MESSAGES, BURN_IN_SEARCH_MIN_CHARS, matchSerial, parseStationIds } from '@sentinel/domain';
import type { BurnInQueries } from './burn-in-queries';
import type { Notify } from './use-bench-actions';

/** Typing pauses this long before the devices are searched. */
const SEARCH_DEBOUNCE_MS = 250;

export interface AddDeviceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  queries: BurnInQueries;
  /** Station ids typed by hand when the service listed none; kept by the screen. */
  manualStations: readonly string[];
  onManualStations: (stations: string[]) => void;
  onAdd: (serial: string, stationId: string) => Promise<unknown>;
  notify: Notify;
}

/** 'Add Device': search a free device from 3 characters, pick a station, OK; or 'Add Stations'. */
export function AddDeviceDialog(props: AddDeviceDialogProps) {
  // The content mounts with each opening, so each opening reads the free stations afresh.
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      {props.open && <AddDeviceContent {...props} />}
    </Dialog>
  );
}

function AddDeviceContent(props: AddDeviceDialogProps) {
  const { queries, manualStations } = props;
  const stations = useQuery(queries.stations());
  const listed = stations.data ?? [];
  const known = listed.length > 0 ? listed : manualStations;
  // Until this opening's answer is in, the cached list may still offer a station taken since.
  const loading = !stations.isFetchedAfterMount;
  return (
    <DialogContent title={loading || known.length > 0 ? 'Add Device' : 'Add Stations'}>
      {stations.isError && isApiError(stations.error) && (
        <Alert variant="error" title={BURN_IN_MESSAGES.getStationsFailed}>
          {errorText(stations.error)}
        </Alert>
      )}
      {loading ? (
        <Spinner label="Loading stations" />
      ) : known.length > 0 ? (
        <DeviceForm {...props} stations={known} />
      ) : (
        <StationsForm onStations={props.onManualStations} />
      )}
    </DialogContent>
  );
}

function StationsForm({ onStations }: { onStations: (stations: string[]) => void }) {
  const [text, setText] = useState('');
  const stations = parseStationIds(text);
  return (
    <>
      <Alert variant="info">{BURN_IN_MESSAGES.noStations}</Alert>
      <TextField
        label="Station IDs"
        placeholder="burn1, burn2, burn3"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <DialogFooter>
        <Button variant="secondary" onClick={() => setText('')}>
          Clear
        </Button>
        <Button disabled={stations.length === 0} onClick={() => onStations(stations)}>
          OK
        </Button>
      </DialogFooter>
    </>
  );
}

function DeviceForm({
  queries,
  stations,
  onAdd,
  onOpenChange,
  notify,
}: AddDeviceDialogProps & { stations: readonly string[] }) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [stationId, setStationId] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const devices = useQuery(queries.deviceSearch(search));
  const serials = (devices.data ?? []).map((device) => device.serialNumber);
  const serial = matchSerial(typed, serials);

  const add = async () => {
    if (serial === undefined) return notify({ variant: 'error', title: BURN_IN_MESSAGES.selectDevice });
    if (stationId === '') return notify({ variant: 'error', title: BURN_IN_MESSAGES.selectStation });
    setBusy(true);
    try {
      await onAdd(serial, stationId);
      onOpenChange(false);
    } catch {
      // The failure's alert is the mutation's; the modal stays open to try another station.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <TextField
        label="Device serial number"
        hint={`Type at least ${BURN_IN_SEARCH_MIN_CHARS} characters`}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
      />
      {search.length >= BURN_IN_SEARCH_MIN_CHARS &&
        devices.isSuccess &&
        !devices.isPlaceholderData &&
        serials.length === 0 && <p role="status">Device not found</p>}
      {serials.length > 0 && (
        <ul className="burn-in-screen__results" aria-label="Matching devices">
          {serials.map((listedSerial) => (
            <li key={listedSerial}>
              <Button
                variant="ghost"
                aria-pressed={listedSerial === serial}
                onClick={() => setTyped(listedSerial)}
              >
                {listedSerial}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Select
        label="Station"
        placeholder="Select a station"
        value={stationId}
        onValueChange={setStationId}
        options={stations.map((station) => ({ value: station, label: station }))}
      />
      <DialogFooter>
        <Button
          variant="secondary"
          onClick={() => {
            setTyped('');
            setStationId('');
          }}
        >
          Clear
        </Button>
        <Button
          disabled={serial === undefined || stationId === ''}
          busy={busy}
          busyLabel="Adding"
          onClick={() => void add()}
        >
          OK
        </Button>
      </DialogFooter>
    </>
  );
}
