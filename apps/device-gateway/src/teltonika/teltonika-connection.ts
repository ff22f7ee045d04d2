/*
 * One Teltonika device's TCP connection: the IMEI handshake (the api says whether the device is
 * known, and hands over its waiting commands), then AVL packets one at a time — the record count is
 * acknowledged only once the api has committed every record — and Codec 12 commands out, one
 * unanswered at a time, since Codec 12's answers carry no id. Whatever goes wrong closes this
 * connection and is counted; nothing here throws past it.
 */
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { TELEMETRY_BATCH_MAX } from '@sentinel/domain';
import type { DeviceCommandAck, TelemetryReport } from '@sentinel/domain';
import {
  CODEC_12,
  CODEC_12_RESPONSE,
  CODEC_8,
  CODEC_8_EXTENDED,
  TeltonikaError,
  TeltonikaServerReader,
  decodeAvlData,
  decodeCodec12,
  encodeCodec12Command,
  encodeImeiAnswer,
  encodeRecordCount,
  immobiliserCommand,
  lockStateFromResponse,
  reportFromRecord,
} from '@sentinel/teltonika';
import type { ServerFrame } from '@sentinel/teltonika';
import type { Span } from '@opentelemetry/api';
import type { Logger } from 'pino';
import type { ApiClient } from '../api-client';
import type { ConnectionDirectory } from '../connection-directory';
import type { DeviceRegistry, HeldConnection, OutgoingCommand } from '../device-registry';
import type { CloseReason, StatsBook } from '../stats';
import { endSpan, startCommandAnswer, startCommandSend } from '../tracing';

const AVL_CODECS = new Set<number>([CODEC_8, CODEC_8_EXTENDED]);

/**
 * How long a device has to answer a command before the next one goes out. A device online answers
 * a setdigout within seconds; one that never does must not hold the commands behind it (the api
 * expires the unanswered one).
 */
export const COMMAND_ANSWER_TIMEOUT_MS = 30_000;

export interface ConnectionContext {
  api: ApiClient;
  registry: DeviceRegistry;
  directory: ConnectionDirectory;
  stats: StatsBook;
  log: Logger;
  handshakeTimeoutMs: number;
  idleTimeoutMs: number;
  /** Called once, when the connection has closed for whatever reason. */
  onClosed: (connection: TeltonikaConnection) => void;
}

type State = 'handshake' | 'checking' | 'online' | 'closed';

export class TeltonikaConnection implements HeldConnection {
  readonly connectionId = randomUUID();
  serialNumber = '';
  sequence = 0;
  private state: State = 'handshake';
  private readonly reader = new TeltonikaServerReader();
  /** Frames read but not handled yet; reading pauses while there are any. */
  private readonly frames: ServerFrame[] = [];
  private handling = false;
  private readonly commands: OutgoingCommand[] = [];
  private unanswered: OutgoingCommand | undefined;
  /** The span of the unanswered command's send, when traced: its answer's parent. */
  private unansweredSend: Span | undefined;
  private answerTimer: NodeJS.Timeout | undefined;
  private handshakeTimer: NodeJS.Timeout | undefined;
  /** Set when the gateway ends the connection gracefully (after a last answer). */
  private closingReason: CloseReason | undefined;

  constructor(
    private readonly socket: Socket,
    private readonly context: ConnectionContext,
  ) {
    socket.setNoDelay(true);
    socket.setTimeout(context.idleTimeoutMs);
    socket.on('timeout', () => this.close('idle-timeout'));
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    // The 'close' that follows any error counts it.
    socket.on('error', () => {});
    socket.on('close', () => this.close(this.closingReason ?? 'peer-closed'));
    this.handshakeTimer = setTimeout(() => this.close('handshake-timeout'), context.handshakeTimeoutMs);
  }

  get closed(): boolean {
    return this.state === 'closed';
  }

  sendCommand(command: OutgoingCommand): void {
    if (this.closed) return;
    if (this.unanswered?.id === command.id || this.commands.some((queued) => queued.id === command.id))
      return;
    this.commands.push(command);
    this.writeNextCommand();
  }

  takeCommands(): OutgoingCommand[] {
    const taken = [...(this.unanswered ? [this.unanswered] : []), ...this.commands];
    this.unanswered = undefined;
    this.unansweredSend = undefined;
    this.commands.length = 0;
    clearTimeout(this.answerTimer);
    return taken;
  }

  close(reason: CloseReason): void {
    if (this.closed) return;
    const wasOnline = this.state === 'online';
    this.state = 'closed';
    clearTimeout(this.handshakeTimer);
    clearTimeout(this.answerTimer);
    this.frames.length = 0;
    this.commands.length = 0;
    const { stats, registry, log } = this.context;
    stats.closed(reason);
    if (wasOnline) {
      registry.release(this);
      stats.add('devicesOnline', -1);
    }
    if (reason !== 'peer-closed' && reason !== 'shutdown') {
      log.debug(
        { imei: this.serialNumber || undefined, address: this.socket.remoteAddress, reason },
        'closed',
      );
    }
    this.socket.destroy();
    this.context.onClosed(this);
  }

  private receive(chunk: Buffer): void {
    if (this.closed || this.closingReason) return;
    let frames: ServerFrame[];
    try {
      frames = this.reader.push(chunk);
    } catch (error) {
      this.refuse(error);
      return;
    }
    if (frames.length === 0) return;
    this.frames.push(...frames);
    void this.handleFrames();
  }

  /** Handles the frames in order, reading nothing more meanwhile (TCP holds the device back). */
  private async handleFrames(): Promise<void> {
    if (this.handling) return;
    this.handling = true;
    this.socket.pause();
    try {
      for (let frame = this.frames.shift(); frame && !this.closed; frame = this.frames.shift()) {
        await this.handle(frame);
      }
    } catch (error) {
      this.refuse(error);
    } finally {
      this.handling = false;
      if (!this.closed) this.socket.resume();
    }
  }

  private async handle(frame: ServerFrame): Promise<void> {
    if (frame.kind === 'imei') return this.handshake(frame.imei);
    // The reader hands the IMEI once and first, and its handshake ends (online or closed) before
    // the next frame is handled.
    if (this.state !== 'online') throw new Error('A packet came before the handshake ended.');
    if (AVL_CODECS.has(frame.codecId)) return this.storeRecords(frame.data);
    if (frame.codecId === CODEC_12) return this.takeAnswer(frame.data);
    throw new TeltonikaError('unknown-codec', `Codec 0x${frame.codecId.toString(16)} is not spoken here.`);
  }

  private async handshake(imei: string): Promise<void> {
    clearTimeout(this.handshakeTimer);
    this.state = 'checking';
    this.serialNumber = imei;
    const { api, stats, log, registry, directory } = this.context;
    const answer = await api.claimCommands(imei);
    if (this.closed) return;
    // 401: no such device (or a serial the gateway may not speak for); 403: deactivated.
    if (answer.kind === 'refused' && (answer.status === 401 || answer.status === 403)) {
      const deactivated = answer.status === 403;
      stats.add(deactivated ? 'deactivatedDeviceAttempts' : 'unknownDeviceAttempts');
      log.info(
        { imei, address: this.socket.remoteAddress },
        deactivated ? 'deactivated device refused' : 'unknown device refused',
      );
      return this.answerAndClose(
        encodeImeiAnswer(false),
        deactivated ? 'deactivated-device' : 'unknown-device',
      );
    }
    if (answer.kind !== 'ok') {
      log.warn(
        { imei, status: answer.status, detail: answer.detail.slice(0, 200) },
        'handshake not checked: the api did not answer it',
      );
      // No answer either way: the device tries again later, as after a dropped link.
      return this.close('api-unavailable');
    }
    this.sequence = await directory.nextSequence();
    if (this.closed) return;
    this.state = 'online';
    stats.add('devicesOnline');
    this.write(encodeImeiAnswer(true));
    registry.hold(this);
    directory.announce(imei, this.connectionId, this.sequence);
    for (const command of answer.body.items) this.sendCommand(command);
  }

  /** Stores the packet's records, then acknowledges their count; on a failure, closes unacknowledged. */
  private async storeRecords(data: Buffer): Promise<void> {
    const { records } = decodeAvlData(data);
    const { stats } = this.context;
    stats.add('packets');
    const reports = records.map(reportFromRecord);
    for (let start = 0; start < reports.length; start += TELEMETRY_BATCH_MAX) {
      const stored = await this.storeReports(reports.slice(start, start + TELEMETRY_BATCH_MAX));
      if (!stored || this.closed) return;
    }
    this.write(encodeRecordCount(records.length));
    stats.add('acknowledgements');
  }

  /** Whether every report was committed or refused for good; false closed the connection. */
  private async storeReports(reports: TelemetryReport[]): Promise<boolean> {
    const { api, stats } = this.context;
    const answer = await api.reportBatch(this.serialNumber, reports);
    if (answer.kind === 'ok') {
      stats.add('records', reports.length);
      return true;
    }
    if (answer.kind === 'refused' && answer.status === 400) {
      // The api refuses a whole batch for one bad report: store the others one by one.
      for (const report of reports) {
        const single = await api.report(this.serialNumber, report);
        if (single.kind === 'ok') stats.add('records');
        else if (single.kind === 'refused' && single.status === 400)
          this.refusedRecord(report, single.detail);
        else return this.apiRefusal(single);
        if (this.closed) return false;
      }
      return true;
    }
    return this.apiRefusal(answer);
  }

  /**
   * A record the api will never store (a clock far in the future): acknowledged all the same, or
   * the device would send it again forever.
   */
  private refusedRecord(report: TelemetryReport, detail: string): void {
    this.context.stats.add('recordsRefused');
    this.context.log.info(
      { imei: this.serialNumber, timestamp: report.timestamp, detail: detail.slice(0, 300) },
      'record refused by the api',
    );
  }

  /** Closes the connection for an answer that is neither stored nor refused for good. */
  private apiRefusal(answer: { kind: 'refused' | 'failed'; status: number | null; detail: string }): false {
    if (answer.kind === 'refused' && (answer.status === 401 || answer.status === 403)) {
      // Removed or deactivated while connected.
      this.close(answer.status === 403 ? 'deactivated-device' : 'unknown-device');
      return false;
    }
    this.context.log.warn(
      { imei: this.serialNumber, status: answer.status, detail: answer.detail.slice(0, 200) },
      'records not stored: closing unacknowledged, the device sends them again',
    );
    this.close('api-unavailable');
    return false;
  }

  /** A Codec 12 answer: the outcome of the oldest unanswered command. */
  private async takeAnswer(data: Buffer): Promise<void> {
    const { type, text } = decodeCodec12(data);
    const { api, stats, log } = this.context;
    if (type !== CODEC_12_RESPONSE) {
      log.info({ imei: this.serialNumber }, 'a device sent a Codec 12 command; ignored');
      return;
    }
    const command = this.unanswered;
    if (!command) {
      log.info(
        { imei: this.serialNumber, text: text.slice(0, 100) },
        'a Codec 12 answer to no command; ignored',
      );
      return;
    }
    const send = this.unansweredSend;
    this.unanswered = undefined;
    this.unansweredSend = undefined;
    clearTimeout(this.answerTimer);
    stats.add('commandAnswers');
    const wanted = command.type === 'Lock';
    const locked = lockStateFromResponse(text) ?? wanted;
    // An output left in the other state (a relay that did not switch, an answer saying so) is the
    // command failing, with the device's own words as the reason for the people watching.
    const ack: DeviceCommandAck =
      locked === wanted
        ? { status: 'Confirmed', locked }
        : { status: 'Failed', locked, reason: `The device answered: ${text.slice(0, 170)}` };
    const traced = startCommandAnswer(send, command, ack.status);
    const answer = await api.acknowledge(this.serialNumber, command.id, ack, traced?.traceParent);
    endSpan(
      traced?.span,
      answer.kind === 'ok'
        ? undefined
        : `The api did not record the answer (${answer.status ?? 'no answer'}).`,
    );
    if (answer.kind !== 'ok') {
      log.warn(
        {
          imei: this.serialNumber,
          commandId: command.id,
          status: answer.status,
          detail: answer.detail.slice(0, 200),
        },
        'command answer not recorded',
      );
    }
    this.writeNextCommand();
  }

  private writeNextCommand(): void {
    if (this.unanswered || this.state !== 'online') return;
    const now = Date.now();
    let next = this.commands.shift();
    // One the api has expired meanwhile would only be refused.
    while (next && Date.parse(next.expiresDateTime) <= now) next = this.commands.shift();
    if (!next) return;
    const command = next;
    this.unanswered = command;
    this.answerTimer = setTimeout(() => {
      if (this.unanswered !== command) return;
      this.context.log.info(
        { imei: this.serialNumber, commandId: command.id },
        'no answer to a command; sending the next',
      );
      this.unanswered = undefined;
      this.unansweredSend = undefined;
      this.writeNextCommand();
    }, COMMAND_ANSWER_TIMEOUT_MS);
    const send = startCommandSend(command);
    this.unansweredSend = send;
    this.write(
      encodeCodec12Command(immobiliserCommand(command.type === 'Lock')),
      send && ((error) => endSpan(send, error)),
    );
    this.context.stats.add('commandsSent');
  }

  /** Writes to the device; `written` is told when the bytes are handed to the system, or why not. */
  private write(bytes: Buffer, written?: (error: Error | null | undefined) => void): void {
    if (this.closed) {
      written?.(new Error('The connection was closed.'));
      return;
    }
    this.socket.write(bytes, (error) => {
      written?.(error);
      if (error) this.close('write-error');
    });
  }

  /** The device's answer goes out before the close (0x00 to a refused handshake). */
  private answerAndClose(bytes: Buffer, reason: CloseReason): void {
    if (this.closed) return;
    this.closingReason = reason;
    this.socket.end(bytes, () => this.close(reason));
    // A peer that never reads does not keep the socket: the close comes with the flush or soon after.
    setTimeout(() => this.close(reason), 1_000).unref();
  }

  private refuse(error: unknown): void {
    if (error instanceof TeltonikaError) {
      this.context.stats.protocolError(error.reason);
      this.close('protocol-error');
      return;
    }
    this.context.log.error({ err: error, imei: this.serialNumber || undefined }, 'connection failed');
    this.close('protocol-error');
  }
}
