import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import {
  ChangeDeviceDialog,
  DEVICE_SEARCH_DEBOUNCE_MS,
  type DeviceSearchResult,
} from './change-device-dialog';

afterEach(() => {
  vi.useRealTimers();
});

// What must NOT happen is checked on a fake clock moved past the search delay, so no test sleeps.
// User-event hangs under Vitest's fake timers, so those tests type with fireEvent.
function typeOnFakeClock(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

function passSearchDelay() {
  act(() => {
    vi.advanceTimersByTime(DEVICE_SEARCH_DEBOUNCE_MS);
  });
}

const FREE_DEVICES: DeviceSearchResult[] = [
  { id: 1, serialNumber: 'SN0001' },
  { id: 2, serialNumber: 'SN0002' },
  { id: 3, serialNumber: 'SN0103' },
];

function searchFreeDevices() {
  return vi.fn(async (text: string) =>
    FREE_DEVICES.filter((device) => device.serialNumber.toLowerCase().includes(text.toLowerCase())),
  );
}

async function openDialog(
  searchDevices = searchFreeDevices(),
  onChange: (serial: string) => Promise<void> = vi.fn(async () => undefined),
) {
  render(<ChangeDeviceDialog currentSerialNumber="SN0001" deviceChange={{ searchDevices, onChange }} />);
  await userEvent.click(screen.getByRole('button', { name: 'Change device' }));
  const dialog = screen.getByRole('dialog', { name: 'Change Device' });
  return {
    dialog,
    searchDevices,
    onChange,
    input: within(dialog).getByRole('textbox', { name: 'New device serial number' }),
  };
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

  it('does not search below 3 characters', async () => {
    const { input, searchDevices } = await openDialog();
    vi.useFakeTimers();

    typeOnFakeClock(input, 'SN');
    passSearchDelay();
    expect(searchDevices).not.toHaveBeenCalled();

    typeOnFakeClock(input, 'SN0');
    passSearchDelay();
    expect(searchDevices).toHaveBeenCalledExactlyOnceWith('SN0');
  });

  it('searches once typing pauses, not on every key', async () => {
    const { input, searchDevices, dialog } = await openDialog();

    await userEvent.type(input, 'SN00');

    expect(await within(dialog).findByRole('button', { name: 'SN0002' })).toBeInTheDocument();
    expect(searchDevices).toHaveBeenCalledTimes(1);
    expect(searchDevices).toHaveBeenCalledWith('SN00');
  });

  it("says 'Device not found' when nothing matches", async () => {
    const { input, dialog } = await openDialog();

    await userEvent.type(input, 'XYZ9');

    expect(await within(dialog).findByText('Device not found')).toBeInTheDocument();
    expect(changeButton(dialog)).toBeDisabled();
  });

  it('has no accessibility violations', async () => {
    const { input, dialog } = await openDialog();
    await userEvent.type(input, 'SN00');
    await within(dialog).findByRole('button', { name: 'SN0002' });

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given the rules for enabling Change device', () => {
  it('stays disabled for the current serial, in any case', async () => {
    const { input, dialog } = await openDialog();

    await userEvent.type(input, 'sn0001');
    await within(dialog).findByRole('button', { name: 'SN0001' });

    expect(changeButton(dialog)).toBeDisabled();
  });

  it('stays disabled for a serial that is not among the listed results', async () => {
    const { input, dialog } = await openDialog();

    await userEvent.type(input, 'SN000');
    await within(dialog).findByRole('button', { name: 'SN0002' });

    expect(changeButton(dialog)).toBeDisabled();
  });

  it('is enabled for another listed serial typed in a different case', async () => {
    const { input, dialog } = await openDialog();

    await userEvent.type(input, 'sn0002');
    await within(dialog).findByRole('button', { name: 'SN0002' });

    expect(changeButton(dialog)).toBeEnabled();
  });

  it('is enabled after picking a listed device', async () => {
    const { input, dialog } = await openDialog();

    await userEvent.type(input, 'SN0');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'SN0103' }));

    expect(input).toHaveValue('SN0103');
    expect(changeButton(dialog)).toBeEnabled();
  });
});

describe('given a change the server accepts', () => {
  it('sends the listed serial and closes the dialog', async () => {
    const { input, dialog, onChange } = await openDialog();

    await userEvent.type(input, 'sn0002');
    await within(dialog).findByRole('button', { name: 'SN0002' });
    await userEvent.click(changeButton(dialog));

    expect(onChange).toHaveBeenCalledWith('SN0002');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('given a change the server refuses', () => {
  it("shows the error's message and keeps the dialog open", async () => {
    const { input, dialog } = await openDialog(searchFreeDevices(), () =>
      Promise.reject(new Error('Device SN0002 is already linked')),
    );

    await userEvent.type(input, 'SN0002');
    await within(dialog).findByRole('button', { name: 'SN0002' });
    await userEvent.click(changeButton(dialog));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Device SN0002 is already linked');
    expect(changeButton(dialog)).toBeEnabled();
  });

  it("shows 'Failed to change device' when the error has no message", async () => {
    const { input, dialog } = await openDialog(searchFreeDevices(), () => Promise.reject(new Error('')));

    await userEvent.type(input, 'SN0002');
    await within(dialog).findByRole('button', { name: 'SN0002' });
    await userEvent.click(changeButton(dialog));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to change device');
  });
});

describe('given the app re-rendering with a new search function', () => {
  it('does not search the same text again', async () => {
    const first = searchFreeDevices();
    const second = searchFreeDevices();
    const onChange = vi.fn(async () => undefined);
    const { rerender } = render(
      <ChangeDeviceDialog currentSerialNumber="SN0001" deviceChange={{ searchDevices: first, onChange }} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Change device' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'New device serial number' }), 'SN00');
    await screen.findByRole('button', { name: 'SN0002' });
    vi.useFakeTimers();

    rerender(
      <ChangeDeviceDialog currentSerialNumber="SN0001" deviceChange={{ searchDevices: second, onChange }} />,
    );
    passSearchDelay();

    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
  });
});

describe('given a search answered out of order', () => {
  it('keeps the results of the newest text', async () => {
    let answerFirst: (devices: DeviceSearchResult[]) => void = () => undefined;
    const searchDevices = vi.fn((text: string) =>
      text === 'SN0'
        ? new Promise<DeviceSearchResult[]>((resolve) => {
            answerFirst = resolve;
          })
        : Promise.resolve(FREE_DEVICES.filter((device) => device.serialNumber.includes(text))),
    );
    const { input, dialog } = await openDialog(searchDevices);

    await userEvent.type(input, 'SN0');
    await vi.waitFor(() => expect(searchDevices).toHaveBeenCalledWith('SN0'));
    await userEvent.type(input, '1');
    await within(dialog).findByRole('button', { name: 'SN0103' });
    // act returns once the stale answer's handlers have run and React has rendered what they set.
    await act(async () => {
      answerFirst(FREE_DEVICES);
    });

    expect(within(dialog).queryByRole('button', { name: 'SN0002' })).not.toBeInTheDocument();
  });
});
