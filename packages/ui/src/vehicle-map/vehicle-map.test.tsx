import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { ALERT_PIN_URL, VEHICLE_PIN_URL } from './pins';
import { VehicleMap } from './vehicle-map';

// Only the key-less fallback is tested here: loading Google's script needs the network.

describe('given no map key', () => {
  it("shows 'Map unavailable' with the coordinates", () => {
    render(<VehicleMap latitude={-33.9249} longitude={18.4241} alert={false} />);

    const panel = screen.getByRole('group', { name: 'Vehicle location' });
    expect(panel).toHaveTextContent('Map unavailable');
    expect(panel).toHaveTextContent('-33.9249, 18.4241');
    expect(panel.querySelector('img')).toHaveAttribute('src', VEHICLE_PIN_URL);
  });

  it('treats an empty key as no key', () => {
    render(<VehicleMap apiKey="  " latitude={1} longitude={2} alert={false} />);

    expect(screen.getByText('Map unavailable')).toBeVisible();
  });

  it('has no accessibility violations', async () => {
    render(<VehicleMap latitude={-33.9249} longitude={18.4241} alert={false} />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given no map key and a tamper alert', () => {
  it('shows the alert pin and says so', () => {
    render(<VehicleMap latitude={-26.2041} longitude={28.0473} alert />);

    const panel = screen.getByRole('group', { name: 'Vehicle location' });
    expect(panel.querySelector('img')).toHaveAttribute('src', ALERT_PIN_URL);
    expect(panel).toHaveTextContent('Tamper alert');
  });
});

describe('given the pins', () => {
  it('are two different SVG images', () => {
    expect(VEHICLE_PIN_URL).toMatch(/^data:image\/svg\+xml/);
    expect(ALERT_PIN_URL).toMatch(/^data:image\/svg\+xml/);
    expect(ALERT_PIN_URL).not.toBe(VEHICLE_PIN_URL);
  });
});
