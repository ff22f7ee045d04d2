/*
 * Lock and unlock as commands: staff ask (request), the device fetches (claim, or a long poll that
 * waits for one) and answers (acknowledge); only a Confirmed or Failed answer changes the stored
 * lock state and writes the LockState history entry, with the state the device reports. Commands
 * nobody answers expire (a sweep, every instance may run it: the guarded updates let one win).
 * The routes and the simulator both come through here, as telemetry comes through its service.
 *
 * This file puts the service together; each job has its file: issuing (command-issuing.ts), the
 * device's fetch and long poll (command-delivery.ts), its answer (command-acknowledgement.ts) and
 * expiry (command-expiry.ts). Every statement they run is in command-queries.ts.
 */
import type { Kysely } from 'kysely';
import { DEFAULT_LOCK_MAX_SPEED_KMH } from '@sentinel/domain';
import type {
  LockReason,
  DeviceCommand,
  DeviceCommandAck,
  DeviceCommandDelivery,
  DeviceCommandStatus,
  DeviceCommandType,
  DeviceTestCommand,
} from '@sentinel/domain';
import type { Database } from '../db/schema';
import type { VehicleEvents } from '../vehicles/vehicle-events';
import { createAcknowledgement } from './command-acknowledgement';
import { createDelivery } from './command-delivery';
import { createExpiry } from './command-expiry';
import { createIssuing } from './command-issuing';
import { commandView, findCommand } from './command-queries';

export { CommandRefusal } from './command-acknowledgement';

export interface CommandSettings {
  /** How long a command may wait for the device's answer (COMMAND_EXPIRY_SECONDS). @default 600000 (10 minutes) */
  expiryMs?: number;
  /** How often open commands past their time are expired. @default 5000 */
  sweepIntervalMs?: number;
  /** The longest a device's GET /Commands (and a gateway's poll) waits for a command. @default 25000 */
  maxWaitMs?: number;
  /** How often a waiting poll looks in the database (commands made through another instance). @default 1000 */
  recheckMs?: number;
  /**
   * A lock asked for while the vehicle moves faster than this (its last two fixes) waits for it to
   * slow down (LOCK_MAX_SPEED_KMH). @default 20
   */
  lockMaxSpeedKmh?: number;
}

/** A device as the channel knows it: its id and the vehicle it is linked to (null when free). */
export interface CommandDevice {
  id: number;
  vehicleId: number | null;
}

/** A command handed to one of several devices polled together. */
export interface HandedCommand {
  deviceId: number;
  command: DeviceCommandDelivery;
  /** The trace the command belongs to (its stored traceparent), for a gateway to continue; null untraced. */
  traceParent: string | null;
}

export interface CommandService {
  readonly settings: Required<CommandSettings>;
  /**
   * A new Lock or Unlock for the vehicle's device, replacing a command that still waits. A lock of
   * a vehicle moving faster than lockMaxSpeedKmh is held (WaitingForSlowdown), not delivered.
   */
  request(input: {
    vehicleId: number;
    deviceId: number;
    type: DeviceCommandType;
    requestedByUserId: number;
    lockReason?: LockReason | undefined;
    lockNote?: string | undefined;
  }): Promise<DeviceCommand>;
  /**
   * Sends a held lock to the device at once, on another staff member's word: 'sent' (now Pending),
   * 'requester' (the one who asked may not), 'notHeld' (it no longer waits); undefined when the
   * vehicle has no such command.
   */
  sendNow(
    vehicleId: number,
    commandId: number,
    byUserId: number,
  ): Promise<{ command: DeviceCommand; outcome: 'sent' | 'requester' | 'notHeld' } | undefined>;
  /** A person cancels a command that still waits; undefined when it is not the vehicle's. */
  cancel(
    vehicleId: number,
    commandId: number,
    byUserId: number,
  ): Promise<{ command: DeviceCommand; cancelled: boolean } | undefined>;
  list(
    vehicleId: number,
    page: { pageIndex: number; pageSize: number },
  ): Promise<{ items: DeviceCommand[]; totalCount: number }>;
  get(commandId: number): Promise<DeviceCommand | undefined>;
  /**
   * A Lock or Unlock for a free device, to test it (the burn-in bench), replacing its test command
   * that still waits. The device fetches and answers it like any command; no vehicle changes.
   */
  requestTest(input: {
    deviceId: number;
    type: DeviceCommandType;
    requestedByUserId: number;
  }): Promise<DeviceTestCommand>;
  /** A test command of the device; undefined when it has none of that id. */
  getTest(deviceId: number, commandId: number): Promise<DeviceTestCommand | undefined>;
  /** The device's waiting commands (a free device's test commands), handed over now (none when there are none). */
  claim(device: CommandDevice): Promise<DeviceCommandDelivery[]>;
  /** claim for many devices at once (two statements per thousand devices), by device id. */
  claimMany(devices: readonly CommandDevice[]): Promise<Map<number, DeviceCommandDelivery[]>>;
  /** claim, waiting up to waitMs for a command to arrive; ends early when signal aborts. */
  poll(device: CommandDevice, waitMs: number, signal?: AbortSignal): Promise<DeviceCommandDelivery[]>;
  /**
   * A device gateway's poll for the devices it holds: marks them all seen, hands over their waiting
   * commands (oldest first), else waits up to waitMs for one made for any of them. Ends early, with
   * nothing handed over, when signal aborts. Each call waits on its own devices, whoever else polls.
   */
  pollMany(devices: readonly CommandDevice[], waitMs: number, signal?: AbortSignal): Promise<HandedCommand[]>;
  /** The device's answer; throws CommandRefusal for another device's, an unknown or a closed command. */
  acknowledge(device: CommandDevice, commandId: number, ack: DeviceCommandAck): Promise<DeviceCommandStatus>;
  /** Expires the open commands whose time is up; answers how many. */
  expireDue(): Promise<number>;
  /** Ends every waiting poll (the api is closing). */
  close(): void;
}

/** What every part of the service shares. */
export interface CommandContext {
  db: Kysely<Database>;
  events: VehicleEvents;
  settings: Required<CommandSettings>;
  /** A device that asked within this long is online: its next poll follows the previous one at once. */
  onlineWindowMs: number;
  /** Tells live screens a vehicle's command changed. */
  announce(vehicleId: number, commandId: number): void;
  /** The command as staff see it. */
  view(commandId: number): Promise<DeviceCommand | undefined>;
}

const DEFAULTS: Required<CommandSettings> = {
  expiryMs: 10 * 60_000,
  sweepIntervalMs: 5_000,
  maxWaitMs: 25_000,
  recheckMs: 1_000,
  lockMaxSpeedKmh: DEFAULT_LOCK_MAX_SPEED_KMH,
};

export function createCommandService(
  db: Kysely<Database>,
  events: VehicleEvents,
  options: CommandSettings = {},
): CommandService {
  const settings = { ...DEFAULTS, ...options };
  const onlineWindowMs = settings.maxWaitMs + 10_000;
  const context: CommandContext = {
    db,
    events,
    settings,
    onlineWindowMs,
    announce: (vehicleId, commandId) => events.emit('command', { vehicleId, commandId }),
    async view(commandId) {
      const row = await findCommand(db, commandId);
      return row && commandView(row, onlineWindowMs);
    },
  };
  const delivery = createDelivery(context);
  const expiry = createExpiry(context);
  const issuing = createIssuing(context, delivery.wake);
  const acknowledgement = createAcknowledgement(context, expiry.expire);
  return {
    settings,
    ...issuing,
    claim: delivery.claim,
    claimMany: delivery.claimMany,
    poll: delivery.poll,
    pollMany: delivery.pollMany,
    close: delivery.close,
    acknowledge: acknowledgement.acknowledge,
    expireDue: expiry.expireDue,
  };
}
