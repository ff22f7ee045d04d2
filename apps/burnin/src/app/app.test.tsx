import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_SETTINGS } from '@sentinel/api-sdk';
import { App } from './app';

describe('the burn-in bench app', () => {
  it("shows the 'Burn-in bench' title under the product logo and names the test runner it uses", () => {
    render(<App settings={{ ...DEFAULT_APP_SETTINGS, burnInURL: 'http://127.0.0.1:5290' }} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Burn-in bench' })).toBeInTheDocument();
    expect(screen.getByText('Sentinel')).toBeInTheDocument();
    expect(document.title).toBe('Burn-in bench | Sentinel');
    expect(screen.getByText('Test runner: http://127.0.0.1:5290')).toBeInTheDocument();
  });
});
