export type TransportName = 'WebSockets' | 'ServerSentEvents' | 'LongPolling';

export const ALL_TRANSPORTS: readonly TransportName[] = ['WebSockets', 'ServerSentEvents', 'LongPolling'];

/** The server-to-client half of a transport, as the connection sees it. */
export interface Transport {
  readonly name: TransportName;
  /**
   * Long polling proves the client alive with every poll, so the hub neither pings it nor expects
   * pings from it (the official clients do not send any over long polling).
   */
  readonly inherentKeepAlive: boolean;
  /** With inherent keep-alive: when the client was last known present. */
  lastSeenAt(): number;
  /** Whether it carries the MessagePack protocol's bytes (server-sent events carry text only). */
  readonly binary: boolean;
  /** Queues text (one or more complete records) for the client. */
  send(payload: string): void;
  /** Queues bytes (one or more complete MessagePack messages); only when `binary`. */
  sendBinary(payload: Buffer): void;
  /** Ends the transport once what was queued has been handed over. */
  close(): void;
  /** Bytes handed to the transport that the client has not taken yet. */
  bufferedBytes(): number;
  /** Ends the transport at once, dropping whatever the client has not taken. */
  abort(): void;
}
