// The messages of the SignalR hub protocol (HubProtocol.md), as they travel in the JSON encoding.

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

export type Headers = Record<string, string>;

export interface InvocationMessage {
  type: typeof MessageType.Invocation;
  invocationId?: string;
  target: string;
  arguments: unknown[];
  streamIds?: string[];
  headers?: Headers;
}

export interface StreamInvocationMessage {
  type: typeof MessageType.StreamInvocation;
  invocationId: string;
  target: string;
  arguments: unknown[];
  streamIds?: string[];
  headers?: Headers;
}

export interface StreamItemMessage {
  type: typeof MessageType.StreamItem;
  invocationId: string;
  item: unknown;
  headers?: Headers;
}

export interface CompletionMessage {
  type: typeof MessageType.Completion;
  invocationId: string;
  result?: unknown;
  error?: string;
  headers?: Headers;
}

export interface CancelInvocationMessage {
  type: typeof MessageType.CancelInvocation;
  invocationId: string;
  headers?: Headers;
}

export interface PingMessage {
  type: typeof MessageType.Ping;
}

export interface CloseMessage {
  type: typeof MessageType.Close;
  error?: string;
  allowReconnect?: boolean;
}

export interface AckMessage {
  type: typeof MessageType.Ack;
  sequenceId: number;
}

export interface SequenceMessage {
  type: typeof MessageType.Sequence;
  sequenceId: number;
}

export type HubMessage =
  | InvocationMessage
  | StreamInvocationMessage
  | StreamItemMessage
  | CompletionMessage
  | CancelInvocationMessage
  | PingMessage
  | CloseMessage
  | AckMessage
  | SequenceMessage;

export interface HandshakeRequest {
  protocol: string;
  version: number;
}

export interface HandshakeResponse {
  error?: string;
}
