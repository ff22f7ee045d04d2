import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ARMING_MESSAGES, GEOFENCE_MESSAGES } from '@sentinel/domain';
import type { GeofenceInput, GeofencePreview } from '@sentinel/domain';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { GeofenceEditor } from './geofence-editor';
import type { GeofenceEditorProps } from './geofence-editor';

const STORED: GeofenceInput & { scopeName: string } = {
  name: 'Depot',
  shape: {
    type: 'Circle',
    centre: { latitudeDegrees: -26.2041, longitudeDegrees: 28.0473 },
    radiusMetres: 500,
  },
  scope: { kind: 'Vehicle', id: 12 },
  scopeName: 'CA 123-456',
  rules: [{ trigger: 'Enter', dwellMinutes: null, schedule: null, priority: 2 }],
};

function renderEditor(props: Partial<GeofenceEditorProps> = {}) {
  const onSave = vi.fn<GeofenceEditorProps['onSave']>(async () => undefined);
  const onPreview = vi.fn<GeofenceEditorProps['onPreview']>();
  render(
    <GeofenceEditor
      targets={[]}
      onTargetSearch={() => undefined}
      onSave={onSave}
      onPreview={onPreview}
      onCancel={() => undefined}
      {...props}
    />,
  );
  const form = screen.getByRole('form', { name: 'Geofence' });
  return { form, onSave: props.onSave ?? onSave, onPreview: props.onPreview ?? onPreview };
}

async function choose(field: string, option: string, within_: HTMLElement = document.body) {
  await userEvent.click(within(within_).getByRole('combobox', { name: field }));
  await userEvent.click(screen.getByRole('option', { name: option }));
}

describe('given a stored circle', () => {
  it('refuses a radius of 0 at its field, and sends nothing', async () => {
    const { form, onSave, onPreview } = renderEditor({ geofence: STORED });
    const radius = within(form).getByRole('textbox', { name: 'Radius in metres' });

    await userEvent.clear(radius);
    await userEvent.type(radius, '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Try on the last 7 days' }));

    expect(radius).toHaveAccessibleDescription(GEOFENCE_MESSAGES.radiusRange);
    expect(radius).toHaveFocus();
    expect(onSave).not.toHaveBeenCalled();
    expect(onPreview).not.toHaveBeenCalled();
    expect(await axeViolations()).toEqual([]);
  });

  it("sends the form as the contract's input, and shows the server's words at their fields", async () => {
    const onSave = vi.fn(async () => {
      throw Object.assign(new Error('Validation failed'), {
        errors: { scope: [GEOFENCE_MESSAGES.scopeOutside] },
      });
    });
    const { form } = renderEditor({ geofence: STORED, onSave });

    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(onSave).toHaveBeenCalledWith({
      name: STORED.name,
      shape: STORED.shape,
      scope: STORED.scope,
      rules: STORED.rules,
    });
    const vehicle = within(form).getByRole('combobox', { name: 'Vehicle' });
    expect(vehicle).toHaveValue('CA 123-456');
    expect(vehicle).toHaveAccessibleDescription(GEOFENCE_MESSAGES.scopeOutside);
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('Depot');
  });

  it('lists what the rules would have raised in the last 7 days, with the totals', async () => {
    const preview: GeofencePreview = {
      from: '2026-11-20T08:00:00Z',
      to: '2026-11-27T08:00:00Z',
      vehicles: 1,
      fixes: 1204,
      breaches: [
        {
          vehicleId: 12,
          registrationNumber: 'CA 123-456',
          at: '2026-11-27T08:04:05Z',
          trigger: 'Enter',
          priority: 2,
          text: 'Entered Depot (rule: on entering)',
        },
      ],
    };
    const { form } = renderEditor({ geofence: STORED, onPreview: async () => preview });

    await userEvent.click(within(form).getByRole('button', { name: 'Try on the last 7 days' }));

    const result = await within(form).findByRole('region', { name: 'Last 7 days' });
    expect(result).toHaveTextContent('1 breach over 1204 fixes of 1 vehicle.');
    expect(
      within(result)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['CA 123-456 27 Nov 2026, 10:04:05Entered Depot (rule: on entering)']);
  });
});

describe('given a new polygon', () => {
  it('refuses corners that cross, and text that is no list of corners', async () => {
    const { form, onSave } = renderEditor();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name' }), 'Border');
    await choose('Shape', 'Polygon', form);
    const corners = within(form).getByRole('textbox', { name: 'Corners' });

    // A bow tie, pasted as a map's "copy coordinates" gives corners: its edges cross.
    await userEvent.click(corners);
    await userEvent.paste('-26, 28\n-26.1, 28.1\n-26, 28.1\n-26.1, 28');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(corners).toHaveAccessibleDescription(expect.stringContaining(GEOFENCE_MESSAGES.selfIntersecting));

    await userEvent.click(corners);
    await userEvent.paste('\nsomewhere');
    expect(corners).toHaveAccessibleDescription(
      expect.stringContaining(GEOFENCE_MESSAGES.coordinatesUnreadable),
    );
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('given rules that are not complete', () => {
  it('asks for the minutes of a Dwell rule and the days of a scheduled one, at their rule', async () => {
    const { form, onSave } = renderEditor({ geofence: STORED });
    await userEvent.click(within(form).getByRole('button', { name: 'Add a rule' }));
    const first = within(form).getByRole('group', { name: 'Rule 1' });
    const second = within(form).getByRole('group', { name: 'Rule 2' });

    await choose('Trigger', 'On staying longer than', first);
    await userEvent.click(within(second).getByRole('checkbox', { name: 'Only on some days and hours' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(within(first).getByRole('textbox', { name: 'Minutes' })).toHaveAccessibleDescription(
      GEOFENCE_MESSAGES.dwellMinutesRange,
    );
    expect(within(second).getByRole('group', { name: 'Days' })).toHaveAccessibleDescription(
      ARMING_MESSAGES.daysRequired,
    );
    expect(onSave).not.toHaveBeenCalled();

    await userEvent.type(within(first).getByRole('textbox', { name: 'Minutes' }), '30');
    await userEvent.click(within(second).getByRole('checkbox', { name: 'Saturday' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        rules: [
          { trigger: 'Dwell', dwellMinutes: 30, schedule: null, priority: 2 },
          {
            trigger: 'Enter',
            dwellMinutes: null,
            schedule: { days: ['Sat'], from: '22:00', to: '05:00' },
            priority: 2,
          },
        ],
      }),
    );
  });
});

// The map with a key is tried in the browser tests (e2e/tests/geofence-map.spec.ts), against a
// stand-in of Google's script: jsdom loads no scripts.
describe('given no maps key', () => {
  it('offers the typed fields alone, as an empty key does too', () => {
    const { form } = renderEditor({ mapsApiKey: '  ' });

    expect(within(form).queryByRole('group', { name: 'Geofence map' })).toBeNull();
    expect(within(form).queryByRole('status', { name: 'Loading map' })).toBeNull();
    expect(within(form).getByRole('textbox', { name: 'Centre latitude' })).toBeVisible();
  });
});
