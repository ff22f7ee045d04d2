/*
 * The simulated devices' side of lock and unlock: each round a device that is online asks for its
 * commands (the service the device channel's route calls), and answers each a round later (a
 * second or two), now and then refusing. Some devices drop off the network for a while: their
 * commands wait in the queue, and their reports are not sent, until they come back. Each device has
 * its own seeded generator, apart from the drive's, so commands never change how a vehicle drives.
 */
import type { DeviceCommandAck, DeviceCommandDelivery } from '@sentinel/domain';
import type { CommandService } from '../../commands/command-service';
import { seededRandom } from './random';
import type { Random } from './random';

/** What the responder reads and changes of a simulated vehicle. */
export interface SimulatedDevice {
  deviceId: number;
  vehicleId: number;
  /** The simulated lock state; a confirmed command changes it. */
  locked: boolean;
}

/** One device in eight is flaky: it drops off often. */
const FLAKY_EVERY = 8;
/** Per round and online device: the chance it drops off (flaky ones far more often). */
const DROP_CHANCE = 1 / 900;
const FLAKY_DROP_CHANCE = 1 / 45;
/** No device drops off in its first rounds, so a freshly started demo answers at once. */
const ROUNDS_BEFORE_DROPS = 30;
/** A device refuses about one command in ten. */
const REFUSAL_CHANCE = 0.1;
const REFUSALS = ['Door open', 'Ignition on', 'Lock actuator jammed'] as const;

interface DeviceState {
  random: Random;
  rounds: number;
  /** Rounds left offline; 0 while online. */
  offlineRounds: number;
  /** Commands fetched, answered next round. */
  fetched: DeviceCommandDelivery[];
}

export interface CommandResponder {
  /**
   * One round of the fleet: each device that is online answers what it fetched last round, then all
   * of them fetch what waits (in one statement). Answers the devices that are offline this round
   * (their reports are not sent either).
   */
  round(devices: readonly SimulatedDevice[]): Promise<Set<number>>;
}

export function createCommandResponder(commands: CommandService, seed: number): CommandResponder {
  const states = new Map<number, DeviceState>();
  const stateOf = (device: SimulatedDevice): DeviceState => {
    let state = states.get(device.deviceId);
    if (!state) {
      state = {
        random: seededRandom(seed * 104_729 + device.vehicleId),
        rounds: 0,
        offlineRounds: 0,
        fetched: [],
      };
      states.set(device.deviceId, state);
    }
    return state;
  };

  async function answer(device: SimulatedDevice, state: DeviceState, command: DeviceCommandDelivery) {
    const wanted = command.type === 'Lock';
    let ack: DeviceCommandAck;
    if (state.random.chance(REFUSAL_CHANCE)) {
      const reason = REFUSALS[state.random.integer(0, REFUSALS.length - 1)]!;
      ack = { status: 'Failed', locked: device.locked, reason };
    } else {
      device.locked = wanted;
      ack = { status: 'Confirmed', locked: wanted };
    }
    await commands.acknowledge({ id: device.deviceId, vehicleId: device.vehicleId }, command.id, ack);
  }

  /** Whether the device is off the network this round (it may drop off now). */
  function offline(device: SimulatedDevice, state: DeviceState): boolean {
    state.rounds += 1;
    if (state.offlineRounds > 0) {
      state.offlineRounds -= 1;
      return true;
    }
    const flaky = device.vehicleId % FLAKY_EVERY === FLAKY_EVERY - 1;
    if (state.rounds > ROUNDS_BEFORE_DROPS && state.random.chance(flaky ? FLAKY_DROP_CHANCE : DROP_CHANCE)) {
      // Off for one to three minutes at the default tick; what it fetched it answers on its return.
      state.offlineRounds = state.random.integer(30, 90);
      return true;
    }
    return false;
  }

  return {
    async round(devices) {
      const away = new Set<number>();
      const online: SimulatedDevice[] = [];
      for (const device of devices) {
        const state = stateOf(device);
        if (offline(device, state)) {
          away.add(device.deviceId);
          continue;
        }
        online.push(device);
        for (const command of state.fetched.splice(0)) {
          // A refused answer (expired meanwhile, cancelled) is the device's to drop.
          await answer(device, state, command).catch(() => undefined);
        }
      }
      const fetched = await commands.claimMany(
        online.map((device) => ({ id: device.deviceId, vehicleId: device.vehicleId })),
      );
      for (const device of online) stateOf(device).fetched.push(...(fetched.get(device.deviceId) ?? []));
      return away;
    },
  };
}
