import type { Meta, StoryObj } from '@storybook/react-vite';
import { VehicleMap } from './vehicle-map';

// Stories show the key-less fallback: a Google key is per deployment and needs the network.
const meta = {
  title: 'Widgets/VehicleMap',
  component: VehicleMap,
  parameters: {
    docs: {
      description: {
        component:
          "The vehicle's position on Google Maps, or a clear panel when no key is set.\n\n**Do:** Pass the key from `appsettings.json`; show the coordinates beside it too.\n\n**Don't:** Load the Maps script elsewhere with other options: the map owns its loader.",
      },
    },
  },
  args: { latitude: -33.9249, longitude: 18.4241, alert: false },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof VehicleMap>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Unavailable: Story = {};

export const UnavailableWithAlert: Story = { args: { alert: true, latitude: -26.2041, longitude: 28.0473 } };
