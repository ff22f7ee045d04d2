import { useState } from 'react';
import { Button, Dialog, DialogContent, DialogFooter, TextField } from '@sentinel/ui';
import { matchSerial } from '@sentinel/domain';

export interface RemoveDeviceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The serials on the bench. */
  serials: readonly string[];
  onRemove: (serial: string) => Promise<unknown>;
}

/**
 * 'Remove Device': search within the devices on the bench, pick one, OK removes it. The spec titles
 * it 'Link Device' / 'Change Device': 'Change Device' while devices are on the bench, else 'Link Device'.
 */
export function RemoveDeviceDialog({ open, onOpenChange, serials, onRemove }: RemoveDeviceDialogProps) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const wanted = typed.trim().toLowerCase();
  const matching = serials.filter((serial) => serial.toLowerCase().includes(wanted));
  const serial = matchSerial(typed, serials);

  const remove = async () => {
    if (serial === undefined) return;
    setBusy(true);
    try {
      await onRemove(serial);
      setTyped('');
      onOpenChange(false);
    } catch {
      // The failure's alert is the mutation's.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={serials.length > 0 ? 'Change Device' : 'Link Device'}>
        <TextField
          label="Device serial number"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
        />
        <ul className="burn-in-screen__results" aria-label="Devices on the bench">
          {matching.map((listedSerial) => (
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
        <DialogFooter>
          <Button variant="secondary" onClick={() => setTyped('')}>
            Clear
          </Button>
          <Button
            disabled={serial === undefined}
            busy={busy}
            busyLabel="Removing"
            onClick={() => void remove()}
          >
            OK
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
