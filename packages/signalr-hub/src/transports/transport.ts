export type TransportName = 'WebSockets' | 'ServerSentEvents' | 'LongPolling';

export const ALL_TRANSPORTS: readonly TransportName[] = ['WebSockets', 'ServerSentEvents', 'LongPolling'];

/** The server-to-client half of a transport, as the connection sees it. */
export interface Transport {
  readonly name: TransportName;
  /** Queues text (one or more complete records) for the client. */
  send(payload: string): void;
  /** Ends the transport once what was queued has been handed over. */
  close(): void;
}
