import type { ServerResponse } from 'node:http';
import type { Transport } from './transport';

/**
 * Server-to-client by long polling; the client sends with POST. Messages wait in a buffer until a
 * poll takes them all at once.
 */
export class LongPollingTransport implements Transport {
  readonly name = 'LongPolling';
  readonly inherentKeepAlive = true;
  readonly binary = true;
  private lastPollEndedAt = Date.now();
  private buffer: (string | Buffer)[] = [];
  private bufferLength = 0;
  private poller: { res: ServerResponse; timer: NodeJS.Timeout } | undefined;
  private polled = false;
  private closed = false;
  private drainedCallbacks: (() => void)[] = [];

  constructor(private readonly pollTimeoutMs: number) {}

  /** True once closed and everything queued has been collected by a poll. */
  get drained(): boolean {
    return this.closed && this.buffer.length === 0;
  }

  onDrained(callback: () => void): void {
    if (this.drained) callback();
    else this.drainedCallbacks.push(callback);
  }

  lastSeenAt(): number {
    return this.poller ? Date.now() : this.lastPollEndedAt;
  }

  /** Takes a GET poll. */
  poll(res: ServerResponse): void {
    // A new poll while another is outstanding means the client gave up on the old one.
    if (this.poller) this.finishPoll(204);

    if (this.drained) {
      res.writeHead(204).end();
      return;
    }
    // The official client's connect() waits for its first poll, so that one returns at once.
    if (!this.polled || this.buffer.length > 0) {
      this.polled = true;
      this.answer(res);
      return;
    }
    const timer = setTimeout(() => this.finishPoll(200), this.pollTimeoutMs);
    this.poller = { res, timer };
    res.once('close', () => {
      if (this.poller?.res === res) {
        clearTimeout(this.poller.timer);
        this.poller = undefined;
        this.lastPollEndedAt = Date.now();
      }
    });
  }

  send(payload: string | Buffer): void {
    if (this.closed) return;
    this.buffer.push(payload);
    this.bufferLength += payload.length;
    if (this.poller) this.finishPoll(200);
  }

  sendBinary(payload: Buffer): void {
    this.send(payload);
  }

  bufferedBytes(): number {
    return this.bufferLength;
  }

  abort(): void {
    this.buffer = [];
    this.bufferLength = 0;
    this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.poller) this.finishPoll(this.buffer.length > 0 ? 200 : 204);
    this.checkDrained();
  }

  private finishPoll(status: 200 | 204): void {
    const poller = this.poller;
    if (!poller) return;
    clearTimeout(poller.timer);
    this.poller = undefined;
    if (status === 204) {
      this.lastPollEndedAt = Date.now();
      poller.res.writeHead(204).end();
    } else this.answer(poller.res);
  }

  private answer(res: ServerResponse): void {
    this.lastPollEndedAt = Date.now();
    // MessagePack connections get bytes (after the handshake's JSON answer, which goes first).
    const binary = this.buffer.some((part) => typeof part !== 'string');
    const body = binary
      ? Buffer.concat(this.buffer.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)))
      : this.buffer.join('');
    this.buffer = [];
    this.bufferLength = 0;
    res.writeHead(200, {
      'Content-Type': binary ? 'application/octet-stream' : 'text/plain; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
    this.checkDrained();
  }

  private checkDrained(): void {
    if (!this.drained) return;
    const callbacks = this.drainedCallbacks;
    this.drainedCallbacks = [];
    for (const callback of callbacks) callback();
  }
}
