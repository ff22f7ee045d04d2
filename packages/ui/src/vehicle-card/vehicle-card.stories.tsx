import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { BADGE } from '@sentinel/domain';
import { fn } from 'storybook/test';
import { VehicleMap } from '../vehicle-map';
import { VehicleCard } from './vehicle-card';
import type { VehicleCardProps } from './vehicle-card';
import { DEVICE_SEARCH_MIN_LENGTH } from './change-device-dialog';

const FREE_DEVICES = [
  { id: 1, serialNumber: 'SN0002' },
  { id: 2, serialNumber: 'SN0103' },
];

const changeDevice = fn(async () => undefined);

/**
 * The card as an app shows it: the app owns the change-device search (here answered at once from
 * two free devices; the dashboard debounces and asks the api), the card only shows it.
 */
function WithDeviceSearch(args: VehicleCardProps) {
  const [query, setQuery] = useState('');
  const text = query.trim().toLowerCase();
  return (
    <VehicleCard
      {...args}
      deviceChange={{
        query,
        onQueryChange: setQuery,
        results:
          text.length >= DEVICE_SEARCH_MIN_LENGTH
            ? FREE_DEVICES.filter((device) => device.serialNumber.toLowerCase().includes(text))
            : undefined,
        searching: false,
        searchError: null,
        onChange: changeDevice,
      }}
    />
  );
}

const meta = {
  title: 'Widgets/VehicleCard',
  component: VehicleCard,
  parameters: {
    docs: {
      description: {
        component:
          "A vehicle's live card. `<VehicleCard \u2026/>` is the preset; `VehicleCard.Root` and its parts (Header, Content, Details, Detail, DeviceSerial, Map, Coordinates, Actions, CallDriver, Lock, Arm, Arming, ArmingSchedule, CommandState, Reactivate, PartnerAlerts) build another layout (see the Composed story).\n\n**Do:** Merge live positions and lock states into the props; pass `arming` (the vehicle's armed, armedSince formatted, armingSchedule, and the calls) to show the arming status and controls; resolve `onAlertAura`/`onAlertCapitalAir` when accepted and reject with the message to show.\n\n**Don't:** Call the SDK inside the card or its parts: data and callbacks come in as props.",
      },
    },
  },
  args: {
    title: 'Bakkie',
    registrationNumber: 'CA 123-456',
    badge: BADGE.locked,
    deviceSerialNumber: 'SN0001',
    deviceActive: true,
    lastGpsUpdate: '14 Mar, 10:05',
    applicationVersion: '2.4.1',
    autoLockEnabled: true,
    coordinates: { latitude: -33.9249, longitude: 18.4241 },
    alert: false,
    map: <VehicleMap latitude={-33.9249} longitude={18.4241} alert={false} />,
    isLocked: true,
    onLock: fn(),
    onUnlock: fn(),
    driverPhone: '+27821234567',
    onAlertAura: fn(async () => undefined),
    onAlertCapitalAir: fn(async () => undefined),
  },
  render: (args) => <WithDeviceSearch {...args} />,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof VehicleCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Locked: Story = {};

export const Unlocked: Story = { args: { isLocked: false, badge: BADGE.unlocked } };

export const UnknownLockState: Story = {
  args: { isLocked: null, badge: BADGE.unknown, autoLockEnabled: null, applicationVersion: null },
};

export const TamperAlert: Story = {
  args: {
    alert: true,
    badge: BADGE.alert,
    map: <VehicleMap latitude={-33.9249} longitude={18.4241} alert />,
  },
};

export const NoCoordinatesNoDriver: Story = {
  args: { coordinates: null, map: undefined, driverPhone: null, lastGpsUpdate: null },
};

export const InactiveDevice: Story = {
  args: { deviceActive: false, onReactivate: fn(), badge: BADGE.lowDeviceBattery },
};

export const Locking: Story = {
  args: {
    isLocked: false,
    badge: BADGE.unlocked,
    lockCommand: { type: 'Lock', status: 'Delivered', deviceOnline: true, reason: null },
  },
};

export const LockQueuedWhileOffline: Story = {
  args: {
    isLocked: false,
    badge: BADGE.unlocked,
    lockCommand: { type: 'Lock', status: 'Pending', deviceOnline: false, reason: null },
    onCancelLockCommand: fn(),
  },
};

export const Armed: Story = {
  args: {
    arming: {
      armed: true,
      armedSince: '27 Nov 2026, 22:05',
      schedule: null,
      onArm: fn(),
      onDisarm: fn(),
      onSaveSchedule: fn(async () => undefined),
    },
  },
};

export const ArmedBySchedule: Story = {
  args: {
    isLocked: false,
    badge: BADGE.unlocked,
    arming: {
      armed: true,
      armedSince: null,
      schedule: { days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'], from: '22:00', to: '05:00' },
      onArm: fn(),
      onDisarm: fn(),
      onSaveSchedule: fn(async () => undefined),
      onRemoveSchedule: fn(async () => undefined),
    },
  },
};

export const NotArmed: Story = {
  args: {
    arming: {
      armed: false,
      armedSince: null,
      schedule: null,
      onArm: fn(),
      onDisarm: fn(),
      onSaveSchedule: fn(async () => undefined),
    },
  },
};

export const LockRefused: Story = {
  args: {
    isLocked: false,
    badge: BADGE.unlocked,
    lockCommand: { type: 'Lock', status: 'Failed', deviceOnline: true, reason: 'Door open' },
  },
};

/** The parts rearranged: a compact card with the position first and only the lock action. */
export const Composed: Story = {
  render: (args) => (
    <VehicleCard.Root alert={args.alert}>
      <VehicleCard.Header
        title={args.title}
        registrationNumber={args.registrationNumber}
        badge={args.badge}
      />
      <VehicleCard.Content>
        <VehicleCard.Coordinates coordinates={args.coordinates} />
        <VehicleCard.Details>
          <VehicleCard.DeviceSerial serialNumber={args.deviceSerialNumber} />
          <VehicleCard.Detail label="Last GPS update">{args.lastGpsUpdate}</VehicleCard.Detail>
        </VehicleCard.Details>
      </VehicleCard.Content>
      <VehicleCard.Actions>
        <VehicleCard.Lock isLocked={args.isLocked} onLock={args.onLock} onUnlock={args.onUnlock} />
      </VehicleCard.Actions>
    </VehicleCard.Root>
  ),
};
