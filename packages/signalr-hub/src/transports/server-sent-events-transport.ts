import type { ServerResponse } from 'node:http';
import type { Transport } from './transport';

let lastPayload = '';
let lastEvent = '';

/**
 * One event per payload; each line of it becomes a data field, which the client joins with \n.
 * A broadcast hands every connection the same payload, so the last one's event is reused.
 */
function eventOf(payload: string): string {
  if (payload !== lastPayload) {
    const lines = payload.split(/\r\n|\r|\n/);
    lastEvent = lines.map((line) => `data: ${line}\r\n`).join('') + '\r\n';
    lastPayload = payload;
  }
  return lastEvent;
}

/** Server-to-client over a text/event-stream response; the client sends with POST. */
export class ServerSentEventsTransport implements Transport {
  readonly name = 'ServerSentEvents';
  readonly inherentKeepAlive = false;
  readonly binary = false;
  private ended = false;

  constructor(
    private readonly res: ServerResponse,
    onClose: () => void,
  ) {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
      // Reverse proxies such as nginx would otherwise buffer the stream.
      'X-Accel-Buffering': 'no',
    });
    // A comment line gets the headers and a first byte through proxies, so the client's EventSource opens.
    res.write(':\r\n\r\n');
    res.once('close', () => {
      this.ended = true;
      onClose();
    });
  }

  lastSeenAt(): number {
    return 0;
  }

  send(payload: string): void {
    if (this.ended) return;
    this.res.write(eventOf(payload));
  }

  sendBinary(): void {
    // The handshake refuses MessagePack over this transport, so nothing binary is ever queued.
    throw new Error('Server-sent events carry text only.');
  }

  bufferedBytes(): number {
    return this.res.writableLength;
  }

  abort(): void {
    if (this.ended) return;
    this.ended = true;
    this.res.destroy();
  }

  close(): void {
    if (this.ended) return;
    this.ended = true;
    this.res.end();
  }
}
