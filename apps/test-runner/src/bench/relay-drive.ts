/*
 * The LockRelay test's drive over the command channel: the bench, as the technician who started
 * the tests, sends the unit a test Lock, waits for the unit's answer, then an Unlock. The test
 * passes only when the unit confirmed both (tests.ts judges what this reads).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { DeviceCommandStatus, DeviceCommandType, DeviceTestCommand } from '@sentinel/domain';
import type { VehicleApi } from '../vehicle-api';

/** What became of one command: its status on the api, or NotSent when the bench could not send it. */
export interface CommandOutcome {
  commandId: number | null;
  status: DeviceCommandStatus | 'NotSent';
  resultIsLocked: boolean | null;
  reason: string | null;
  /** How long the unit took to answer, from sending (null while it has not). */
  answeredInMs: number | null;
}

export interface RelayDrive {
  lock: CommandOutcome;
  /** Sent only once the lock is confirmed. */
  unlock?: CommandOutcome;
  /** How long the bench waits for each answer. */
  timeoutMs: number;
}

export interface RelayDriveOptions {
  api: Pick<VehicleApi, 'sendTestCommand' | 'testCommand'>;
  /** How long to wait for the unit's answer to each command. @default 30000 */
  timeoutMs?: number;
  /** How often to look for the answer. @default 250 */
  pollMs?: number;
}

const open = (status: CommandOutcome['status']) => status === 'Pending' || status === 'Delivered';

export function createRelayDrive(options: RelayDriveOptions) {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const pollMs = options.pollMs ?? 250;

  async function command(
    serial: string,
    type: DeviceCommandType,
    authorization: string,
    signal: AbortSignal,
  ): Promise<CommandOutcome> {
    const sentAt = Date.now();
    let command: DeviceTestCommand;
    try {
      command = await options.api.sendTestCommand(serial, type, authorization);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { commandId: null, status: 'NotSent', resultIsLocked: null, reason, answeredInMs: null };
    }
    // Waits for the unit's answer (a condition on the api), giving up at the timeout.
    while (open(command.status) && Date.now() - sentAt < timeoutMs && !signal.aborted) {
      await sleep(pollMs, undefined, { signal }).catch(() => undefined);
      if (signal.aborted) break;
      command = await options.api.testCommand(serial, command.id, authorization).catch(() => command);
    }
    return {
      commandId: command.id,
      status: command.status,
      resultIsLocked: command.resultIsLocked,
      reason: command.reason,
      answeredInMs: open(command.status) ? null : Date.now() - sentAt,
    };
  }

  return {
    timeoutMs,
    /** Locks and unlocks the unit through its channel; ends early when signal aborts. */
    async drive(serial: string, authorization: string, signal: AbortSignal): Promise<RelayDrive> {
      const lock = await command(serial, 'Lock', authorization, signal);
      if (lock.status !== 'Confirmed' || signal.aborted) return { lock, timeoutMs };
      return { lock, unlock: await command(serial, 'Unlock', authorization, signal), timeoutMs };
    },
  };
}

export type RelayDriver = ReturnType<typeof createRelayDrive>;
