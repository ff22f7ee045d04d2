import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { Coordinates } from './coordinates';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('given coordinates', () => {
  it("shows 'lat, long'", () => {
    render(<Coordinates coordinates={{ latitude: -33.9249, longitude: 18.4241 }} />);

    expect(screen.getByText('-33.9249, 18.4241')).toBeVisible();
  });

  it("copies them and says 'Copied' for 1 second", async () => {
    // user-event's clipboard stand-in reads through timers too, so a plain recorder stands in here.
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.useFakeTimers();
    render(<Coordinates coordinates={{ latitude: -33.9249, longitude: 18.4241 }} />);

    // fireEvent inside act, not user-event: see partner-alerts.test.tsx on fake timers.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy coordinates' }));
    });

    expect(writeText).toHaveBeenCalledWith('-33.9249, 18.4241');
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('says it could not copy when the clipboard refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));
    render(<Coordinates coordinates={{ latitude: 1, longitude: 2 }} />);

    await user.click(screen.getByRole('button', { name: 'Copy coordinates' }));

    expect(await screen.findByText('Could not copy')).toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    render(<Coordinates coordinates={{ latitude: -33.9249, longitude: 18.4241 }} />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given no coordinates', () => {
  it("says 'GPS coordinates unavailable'", () => {
    render(<Coordinates coordinates={null} />);

    expect(screen.getByText('GPS coordinates unavailable')).toBeVisible();
  });
});
