import type { RawData, WebSocket } from 'ws';
import type { Transport } from './transport';

export function rawDataToBuffer(data: RawData): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  if (data instanceof ArrayBuffer) return Buffer.from(data);
  return data;
}

export function rawDataToText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

let lastText = '';
let lastBytes = Buffer.alloc(0);

/**
 * The UTF-8 bytes of a payload. A broadcast hands every connection the same text one after
 * another, so it is encoded once rather than once per socket.
 */
function bytesOf(text: string): Buffer {
  if (text !== lastText) {
    lastBytes = Buffer.from(text, 'utf8');
    lastText = text;
  }
  return lastBytes;
}

/** Full duplex: both halves over one socket. */
export class WebSocketTransport implements Transport {
  readonly name = 'WebSockets';
  readonly inherentKeepAlive = false;
  readonly binary = true;

  constructor(
    private readonly socket: WebSocket,
    handlers: { onData(data: string | Buffer): void; onClose(): void },
  ) {
    socket.on('message', (data, isBinary) =>
      handlers.onData(isBinary ? rawDataToBuffer(data) : rawDataToText(data)),
    );
    socket.once('close', () => handlers.onClose());
    // Errors (invalid frames, oversized messages) are followed by 'close'; listening keeps them
    // from being thrown as unhandled 'error' events.
    socket.on('error', () => undefined);
  }

  lastSeenAt(): number {
    return 0;
  }

  send(payload: string): void {
    // A text frame either way; the bytes are shared, ws only frames them (no copy when unmasked).
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(bytesOf(payload), { binary: false });
  }

  sendBinary(payload: Buffer): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(payload, { binary: true });
  }

  bufferedBytes(): number {
    return this.socket.bufferedAmount;
  }

  abort(): void {
    this.socket.terminate();
  }

  close(): void {
    if (this.socket.readyState === this.socket.OPEN || this.socket.readyState === this.socket.CONNECTING) {
      this.socket.close(1000);
    }
  }
}
