import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { GeofencePreview } from '@sentinel/domain';
import { GeofenceEditor } from './geofence-editor';
import { GeofencePreviewResult } from './geofence-preview-result';

const PREVIEW: GeofencePreview = {
  from: '2026-11-20T08:00:00Z',
  to: '2026-11-27T08:00:00Z',
  vehicles: 2,
  fixes: 4312,
  breaches: [
    {
      vehicleId: 12,
      registrationNumber: 'CA 123-456',
      at: '2026-11-24T20:14:05Z',
      trigger: 'Enter',
      priority: 1,
      text: 'Entered Beitbridge border post (rule: on entering, every day 22:00–05:00)',
    },
    {
      vehicleId: 14,
      registrationNumber: 'GP 77-88 ZN',
      at: '2026-11-26T23:40:00Z',
      trigger: 'Enter',
      priority: 1,
      text: 'Entered Beitbridge border post (rule: on entering, every day 22:00–05:00)',
    },
  ],
};

const meta = {
  title: 'Widgets/GeofenceEditor',
  component: GeofenceEditor,
  parameters: {
    docs: {
      description: {
        component:
          "A geofence's form without a map: its name, a circle (centre and radius) or a polygon (corners pasted one a line, latitude then longitude), the vehicles it watches (one vehicle, an account holder's, a company's or every vehicle, the target searched as it is typed) and 1 to 5 rules (on entering, on leaving, on staying longer than N minutes; optionally only on some days and hours; a priority). `geofenceErrors` of @sentinel/domain is checked at the fields before anything is sent. 'Try on the last 7 days' sends the unsaved form to `onPreview` and lists what the rules would have raised.\n\n**Do:** Search the scope's targets in `onTargetSearch` and pass the matches as `targets`; reject `onSave` and `onPreview` with the api's error (its `errors` name the fields) so the server's words show at the same fields.\n\n**Don't:** Check the geofence again in the app, or clear the form on a failure: the person's entries stay.",
      },
    },
  },
  args: {
    targets: [
      { id: 12, name: 'CA 123-456' },
      { id: 14, name: 'CA 123-999' },
    ],
    onTargetSearch: fn(),
    onSave: fn(async () => undefined),
    onPreview: fn(async () => PREVIEW),
    onCancel: fn(),
  },
} satisfies Meta<typeof GeofenceEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new geofence: a circle watching one vehicle, on entering. */
export const New: Story = {};

/** An Admin's high-risk zone: a polygon over every vehicle, at night, at high priority. */
export const StoredPolygon: Story = {
  args: {
    geofence: {
      name: 'Beitbridge border post',
      shape: {
        type: 'Polygon',
        points: [
          { latitudeDegrees: -22.2166, longitudeDegrees: 29.9822 },
          { latitudeDegrees: -22.2166, longitudeDegrees: 30.0012 },
          { latitudeDegrees: -22.2301, longitudeDegrees: 30.0012 },
          { latitudeDegrees: -22.2301, longitudeDegrees: 29.9822 },
        ],
      },
      scope: { kind: 'Everyone', id: null },
      scopeName: 'Everyone',
      rules: [
        {
          trigger: 'Enter',
          dwellMinutes: null,
          schedule: { days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'], from: '22:00', to: '05:00' },
          priority: 1,
        },
      ],
    },
  },
};

/** Save pressed on an empty form: each message at its field, nothing sent. */
export const FieldErrors: Story = {
  play: async ({ canvasElement, args }) => {
    const form = within(canvasElement);
    await userEvent.type(form.getByRole('textbox', { name: 'Radius in metres' }), '0');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expect(form.getByText('Enter a name.')).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** What 'Try on the last 7 days' lists. */
export const PreviewBreaches: StoryObj<typeof GeofencePreviewResult> = {
  render: () => <GeofencePreviewResult preview={PREVIEW} />,
};

/** A try-out that found nothing. */
export const PreviewNoBreaches: StoryObj<typeof GeofencePreviewResult> = {
  render: () => <GeofencePreviewResult preview={{ ...PREVIEW, breaches: [] }} />,
};
