import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import {
  ChangeDeviceDialog,
  DEVICE_SEARCH_MIN_LENGTH,
  type DeviceSearchResult,
} from './change-device-dialog';

const FREE_DEVICES: DeviceSearchResult[] = [
  { id: 1, serialNumber: 'SN0001' },
  { id: 2, serialNumber: 'SN0002' },
  { id: 3, serialNumber: 'SN0103' },
];

interface CallerProps {
  onChange?: (serial: string) => Promise<void>;
  onQueryChange?: (text: string) => void;
  searching?: boolean;
  searchError?: string | null;
  /** Registering is offered: the caller adds the serial to its devices, or refuses this message. */
  registerRefusal?: string | null;
}

/**
 * The caller as the dashboard is one: it holds the text and answers each search at once from the
 * free devices (the dashboard debounces and asks the api; the dialog only shows what it is given).
 */
function Caller({
  onChange = async () => undefined,
  onQueryChange,
  searching = false,
  searchError = null,
  registerRefusal,
}: CallerProps) {
  const [query, setQuery] = useState('');
  const [devices, setDevices] = useState(FREE_DEVICES);
  const text = query.trim().toLowerCase();
  const results =
    text.length >= DEVICE_SEARCH_MIN_LENGTH
      ? devices.filter((device) => device.serialNumber.toLowerCase().includes(text))
      : undefined;
  const onRegister = async (serialNumber: string) => {
    if (registerRefusal) throw new Error(registerRefusal);
    setDevices((current) => [...current, { id: current.length + 1, serialNumber }]);
  };
  return (
    <ChangeDeviceDialog
      currentSerialNumber="SN0001"
      deviceChange={{
        query,
        onQueryChange: (next) => {
          onQueryChange?.(next);
          setQuery(next);
        },
        results,
        searching,
        searchError,
        onChange,
        ...(registerRefusal === undefined ? {} : { onRegister }),
      }}
    />
  );
}

async function openDialog(props: CallerProps = {}) {
  render(<Caller {...props} />);
  await userEvent.click(screen.getByRole('button', { name: 'Change device' }));
  const dialog = screen.getByRole('dialog', { name: 'Change Device' });
  return { dialog, input: within(dialog).getByRole('textbox', { name: 'New device serial number' }) };
}

function changeButton(dialog: HTMLElement) {
  return within(dialog).getByRole('button', { name: 'Change device' });
}

describe('given the change device dialog', () => {
  it('opens titled Change Device and names the current device', async () => {
    const { dialog } = await openDialog();

    expect(dialog).toHaveAccessibleDescription('Current device: SN0001');
    expect(changeButton(dialog)).toBeDisabled();
  });

  it('hands every change of the text to the caller, which owns the search', async () => {
    const onQueryChange = vi.fn();
    const { input } = await openDialog({ onQueryChange });

    await userEvent.type(input, 'SN0');

    expect(onQueryChange.mock.calls.map(([text]) => text)).toEqual(['S', 'SN', 'SN0']);
  });

  it("lists the caller's results and says 'Device not found' when there are none", async () => {
    const { input, dialog } = await openDialog();

    await userEvent.type(input, 'SN00');
    expect(within(dialog).getByRole('button', { name: 'SN0002' })).toBeInTheDocument();

    await userEvent.clear(input);
    await userEvent.type(input, 'XYZ9');
    expect(within(dialog).getByText('Device not found')).toBeInTheDocument();
    expect(changeButton(dialog)).toBeDisabled();
  });

  it('shows no results below 3 characters, whatever the caller still holds', async () => {
    const { input, dialog } = await openDialog();
    await userEvent.type(input, 'SN00');

    await userEvent.type(input, '{Backspace}{Backspace}');

    expect(within(dialog).queryByRole('list', { name: 'Matching devices' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Device not found')).not.toBeInTheDocument();
  });

  it("says 'Searching' while the caller searches", async () => {
    const { input, dialog } = await openDialog({ searching: true });

    await userEvent.type(input, 'SN00');

    expect(within(dialog).getByRole('status')).toHaveTextContent('Searching');
  });

  it("shows the caller's search failure", async () => {
    const { input, dialog } = await openDialog({ searchError: 'Failed to search devices' });

    await userEvent.type(input, 'SN00');

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to search devices');
  });

  it('tells the caller to forget the text when it closes', async () => {
    const onQueryChange = vi.fn();
    const { input, dialog } = await openDialog({ onQueryChange });
    await userEvent.type(input, 'SN00');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Change device' }));

    expect(onQueryChange).toHaveBeenLastCalledWith('');
    expect(screen.getByRole('textbox', { name: 'New device serial number' })).toHaveValue('');
  });

  it('has no accessibility violations', async () => {
    const { input } = await openDialog();
    await userEvent.type(input, 'SN00');

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given the rules for enabling Change device', () => {
  it('stays disabled for the current serial, in any case', async () => {
    const { input, dialog } = await openDialog();

    await userEvent.type(input, 'sn0001');

    expect(within(dialog).getByRole('button', { name: 'SN0001' })).toBeInTheDocument();
    expect(changeButton(dialog)).toBeDisabled();
  });

  it('stays disabled for a serial that is not among the listed results', async () => {
    const { input, dialog } = await openDialog();

    await userEvent.type(input, 'SN000');

    expect(within(dialog).getByRole('button', { name: 'SN0002' })).toBeInTheDocument();
    expect(changeButton(dialog)).toBeDisabled();
  });

  it('is enabled for another listed serial typed in a different case', async () => {
    const { input, dialog } = await openDialog();

    await userEvent.type(input, 'sn0002');

    expect(changeButton(dialog)).toBeEnabled();
  });

  it('is enabled after picking a listed device, whose serial becomes the text', async () => {
    const onQueryChange = vi.fn();
    const { input, dialog } = await openDialog({ onQueryChange });

    await userEvent.type(input, 'SN0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'SN0103' }));

    expect(onQueryChange).toHaveBeenLastCalledWith('SN0103');
    expect(input).toHaveValue('SN0103');
    expect(changeButton(dialog)).toBeEnabled();
  });

  it('stays disabled while the caller has no answer for the text yet', async () => {
    render(
      <ChangeDeviceDialog
        currentSerialNumber="SN0001"
        deviceChange={{
          query: 'SN0002',
          onQueryChange: () => undefined,
          results: undefined,
          searching: true,
          searchError: null,
          onChange: async () => undefined,
        }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Change device' }));
    const dialog = screen.getByRole('dialog', { name: 'Change Device' });

    expect(within(dialog).getByRole('status')).toHaveTextContent('Searching');
    expect(changeButton(dialog)).toBeDisabled();
  });
});

describe('given a change the server accepts', () => {
  it('sends the listed serial and closes the dialog', async () => {
    const onChange = vi.fn(async () => undefined);
    const { input, dialog } = await openDialog({ onChange });

    await userEvent.type(input, 'sn0002');
    await userEvent.click(changeButton(dialog));

    expect(onChange).toHaveBeenCalledWith('SN0002');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('given a change the server refuses', () => {
  it("shows the error's message and keeps the dialog open", async () => {
    const { input, dialog } = await openDialog({
      onChange: () => Promise.reject(new Error('Device SN0002 is already linked')),
    });

    await userEvent.type(input, 'SN0002');
    await userEvent.click(changeButton(dialog));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Device SN0002 is already linked');
    expect(changeButton(dialog)).toBeEnabled();
  });

  it("shows 'Failed to change device' when the error has no message", async () => {
    const { input, dialog } = await openDialog({ onChange: () => Promise.reject(new Error('')) });

    await userEvent.type(input, 'SN0002');
    await userEvent.click(changeButton(dialog));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to change device');
  });
});

describe('given a serial the search does not find', () => {
  it('offers no registering to a caller who gives no way to register', async () => {
    const { input, dialog } = await openDialog();

    await userEvent.type(input, 'XYZ9');

    expect(within(dialog).getByText('Device not found')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Register device/ })).not.toBeInTheDocument();
  });

  it("offers 'Register device {serial}', after which the device is listed and can be linked", async () => {
    const onChange = vi.fn(async () => undefined);
    const { input, dialog } = await openDialog({ onChange, registerRefusal: null });
    await userEvent.type(input, 'SN0');
    expect(within(dialog).queryByRole('button', { name: /^Register device/ })).not.toBeInTheDocument();

    await userEvent.type(input, '9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register device SN09' }));

    expect(within(dialog).getByRole('button', { name: 'SN09' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Device not found')).not.toBeInTheDocument();
    await userEvent.click(changeButton(dialog));
    expect(onChange).toHaveBeenCalledWith('SN09');
  });

  it("shows the caller's refusal at the serial field until the text changes", async () => {
    const { input, dialog } = await openDialog({ registerRefusal: 'Enter a valid IMEI (15 digits)' });

    await userEvent.type(input, '356307042441014');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register device 356307042441014' }));

    expect(await within(dialog).findByText('Enter a valid IMEI (15 digits)')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(/Enter a valid IMEI \(15 digits\)/);
    expect(input).toBeInvalid();
    expect(await axeViolations()).toEqual([]);

    await userEvent.type(input, '{Backspace}3');
    expect(within(dialog).queryByText('Enter a valid IMEI (15 digits)')).not.toBeInTheDocument();
    expect(input).toBeValid();
  });
});
