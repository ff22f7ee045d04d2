import type { RawData, WebSocket } from 'ws';
import type { Transport } from './transport';

export function rawDataToText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/** Full duplex: both halves over one socket. */
export class WebSocketTransport implements Transport {
  readonly name = 'WebSockets';
  readonly inherentKeepAlive = false;

  constructor(
    private readonly socket: WebSocket,
    handlers: { onText(text: string): void; onClose(): void },
  ) {
    socket.on('message', (data) => handlers.onText(rawDataToText(data)));
    socket.once('close', () => handlers.onClose());
    // Errors (invalid frames, oversized messages) are followed by 'close'; listening keeps them
    // from being thrown as unhandled 'error' events.
    socket.on('error', () => undefined);
  }

  lastSeenAt(): number {
    return 0;
  }

  send(payload: string): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(payload);
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
