/*
 * The devices this instance holds a live connection for, by serial number (IMEI). The newest
 * connection of a serial wins: an older one, here or on another instance, is closed, so a stale
 * connection never takes a command meant for the live one.
 */
import type { DeviceCommandDelivery } from '@sentinel/domain';
import type { CloseReason } from './stats';

/**
 * A command to write to its device, with the traceparent the api handed with it (the trace of the
 * request that made it) when the api traces: its send and the device's answer join that trace.
 */
export type OutgoingCommand = DeviceCommandDelivery & { readonly traceParent?: string | undefined };

export interface HeldConnection {
  readonly serialNumber: string;
  readonly connectionId: string;
  /** Its place in the order of accepted connections across instances: higher is newer. */
  readonly sequence: number;
  /** Writes the command to the device (queued behind one it has not answered yet). */
  sendCommand(command: OutgoingCommand): void;
  /** Gives up the commands it has not had answered, for a newer connection of the device to send. */
  takeCommands(): OutgoingCommand[];
  close(reason: CloseReason): void;
}

export class DeviceRegistry {
  private readonly held = new Map<string, HeldConnection>();
  private readonly listeners = new Set<() => void>();

  /**
   * Holds the connection, closing an older one of the same serial. The older one's unanswered
   * commands go to the newer: they were handed over already, so no claim would bring them again,
   * and a setdigout done twice leaves the output as once.
   */
  hold(connection: HeldConnection): void {
    const previous = this.held.get(connection.serialNumber);
    this.held.set(connection.serialNumber, connection);
    if (previous && previous !== connection) {
      const unanswered = previous.takeCommands();
      previous.close('replaced');
      for (const command of unanswered) connection.sendCommand(command);
    }
    for (const listener of this.listeners) listener();
  }

  /**
   * Forgets the connection, unless a newer one already took its place. The open command poll is
   * told too: while it still names the device, the api would hand it a command made meanwhile, which
   * no connection here could send, instead of keeping it for the device's next connection.
   */
  release(connection: HeldConnection): void {
    if (this.held.get(connection.serialNumber) !== connection) return;
    this.held.delete(connection.serialNumber);
    for (const listener of this.listeners) listener();
  }

  /** Another instance accepted a connection of this serial: close ours if it is older. */
  acceptedElsewhere(serialNumber: string, sequence: number): void {
    const local = this.held.get(serialNumber);
    if (local && local.sequence <= sequence) local.close('replaced');
  }

  get(serialNumber: string): HeldConnection | undefined {
    return this.held.get(serialNumber);
  }

  serialNumbers(): string[] {
    return [...this.held.keys()];
  }

  get size(): number {
    return this.held.size;
  }

  /** Called after each device held or let go; answers a function that stops calling it. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
