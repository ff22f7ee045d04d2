/*
 * The instance's one command poll: POST /Gateway/Commands/Poll with the serial numbers of every
 * device it holds now. The api marks them online, hands over their waiting lock and unlock
 * commands, else waits for one. Each command goes to the connection holding its device; one whose
 * device hung up meanwhile is dropped (it expires, or the device's next handshake claims it).
 */
import { DEVICE_COMMAND_WAIT_SECONDS } from '@sentinel/domain';
import type { Logger } from 'pino';
import type { ApiClient } from './api-client';
import type { DeviceRegistry } from './device-registry';

export interface CommandLoopOptions {
  api: ApiClient;
  registry: DeviceRegistry;
  log: Logger;
  /** How long one poll waits for a command. @default DEVICE_COMMAND_WAIT_SECONDS (25) */
  waitSeconds?: number;
  /**
   * A newly held device joins the open poll this soon: the poll is re-issued with it. Devices that
   * connect within this time join together, so a burst of connections is not a burst of polls.
   * @default 200
   */
  joinDelayMs?: number;
  /**
   * The pause after a poll that failed (the api away), so the loop never spins; it doubles with
   * each failure in a row, up to 30 s. @default 1000
   */
  retryDelayMs?: number;
}

const MAX_RETRY_DELAY_MS = 30_000;

export interface CommandLoop {
  /** Ends the open poll and the loop. */
  stop(): Promise<void>;
}

export function startCommandLoop(options: CommandLoopOptions): CommandLoop {
  const { api, registry, log } = options;
  const waitSeconds = options.waitSeconds ?? DEVICE_COMMAND_WAIT_SECONDS;
  const joinDelayMs = options.joinDelayMs ?? 200;
  const firstRetryDelayMs = options.retryDelayMs ?? 1_000;
  let retryDelayMs = firstRetryDelayMs;
  const stopping = new AbortController();
  // Ends the open poll (or the wait before one) when the set of devices changed.
  let current: AbortController | undefined;
  let rejoin: NodeJS.Timeout | undefined;
  let changed = false;

  const stopWatching = registry.onChange(() => {
    changed = true;
    if (current === undefined || rejoin !== undefined) return;
    const open = current;
    rejoin = setTimeout(() => {
      rejoin = undefined;
      open.abort();
    }, joinDelayMs);
  });

  /** Resolves after ms, or at once when the signal aborts. */
  const pause = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      if (signal.aborted) return resolve();
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
    });

  const run = async () => {
    while (!stopping.signal.aborted) {
      current = new AbortController();
      const signal = AbortSignal.any([stopping.signal, current.signal]);
      changed = false;
      const serialNumbers = registry.serialNumbers();
      if (serialNumbers.length === 0) {
        // Nothing to poll for: wait for the first device (its handshake claimed its commands).
        await pause(waitSeconds * 1000, signal);
        continue;
      }
      const answer = await api.pollCommands(serialNumbers, waitSeconds, signal);
      if (answer.kind === 'ok') {
        retryDelayMs = firstRetryDelayMs;
        for (const { serialNumber, command, traceParent } of answer.body.items) {
          const connection = registry.get(serialNumber);
          // The trace of the request that made it, when the api traces: its send joins that trace.
          const outgoing = traceParent === undefined ? command : { ...command, traceParent };
          if (connection) connection.sendCommand(outgoing);
          else log.info({ serialNumber, commandId: command.id }, 'command for a device no longer held');
        }
        continue;
      }
      if (signal.aborted) continue;
      log.warn(
        { status: answer.status, detail: answer.detail.slice(0, 200), retryInMs: retryDelayMs },
        answer.status === 401 ? "command poll refused: GATEWAY_KEY is not the api's" : 'command poll failed',
      );
      // A device that connects meanwhile ends the pause: its poll should not wait out a failure.
      if (!changed) await pause(retryDelayMs, signal);
      retryDelayMs = Math.min(retryDelayMs * 2, MAX_RETRY_DELAY_MS);
    }
  };

  const running = run().catch((error: unknown) => log.error({ err: error }, 'command loop ended'));

  return {
    async stop() {
      stopWatching();
      clearTimeout(rejoin);
      stopping.abort();
      await running;
    },
  };
}
