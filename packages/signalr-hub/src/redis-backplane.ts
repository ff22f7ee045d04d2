// The backplane over Redis pub/sub, after ASP.NET Core's StackExchangeRedis backplane: nothing is
// stored in Redis, every message is a PUBLISH of its JSON, and each instance subscribes to the
// channels of the hubs it runs. See README.md "Backplane" for the channels and failure behaviour.
import { Redis } from 'ioredis';
import type { Backplane, BackplaneHandler, BackplaneMessage } from './backplane';

export interface RedisBackplaneOptions {
  /** A `redis://` or `rediss://` URL, e.g. the REDIS_URL of the deployment. */
  url: string;
  /**
   * Connection errors (Redis down, refused, reset) and messages that are not valid JSON.
   * @default console.error
   */
  onError?: (error: unknown) => void;
  /**
   * Longest pause between reconnect attempts; attempts start at 100 ms and grow by 100 ms.
   * @default 2_000
   */
  maxReconnectDelayMs?: number;
}

/** Thrown by `publish` while Redis is unreachable: the message reached local connections only. */
export class BackplaneUnavailableError extends Error {
  override name = 'BackplaneUnavailableError';
}

/**
 * Carries hub messages between instances through Redis pub/sub. Uses two connections, as a Redis
 * connection in subscriber mode cannot publish. Share one between the hubs of a process and call
 * `close()` when the process shuts down.
 */
export class RedisBackplane implements Backplane {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, Set<BackplaneHandler>>();
  /** Redis's confirmation of each channel's SUBSCRIBE, awaited by every subscriber of it. */
  private readonly subscribed = new Map<string, Promise<unknown>>();
  private readonly publisherReady: Promise<void>;
  private readonly reportError: (error: unknown) => void;

  constructor(options: RedisBackplaneOptions) {
    this.reportError = options.onError ?? ((error: unknown) => console.error('[signalr-hub redis]', error));
    const maxDelay = options.maxReconnectDelayMs ?? 2_000;
    const retryStrategy = (attempt: number) => Math.min(attempt * 100, maxDelay);
    // Publishing fails at once while Redis is away instead of queueing: a queued message would
    // reach other instances late and out of order with what their own connections saw meanwhile.
    this.publisher = new Redis(options.url, {
      retryStrategy,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectionName: 'signalr-hub:publisher',
    });
    // The subscriber waits for Redis however long it takes; ioredis re-subscribes after a reconnect.
    this.subscriber = new Redis(options.url, {
      retryStrategy,
      maxRetriesPerRequest: null,
      autoResubscribe: true,
      connectionName: 'signalr-hub:subscriber',
    });
    this.publisherReady = new Promise((resolve) => this.publisher.once('ready', () => resolve()));
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (error: unknown) => this.reportError(error));
    }
    this.subscriber.on('message', (channel: string, text: string) => this.deliver(channel, text));
  }

  async publish(channel: string, message: BackplaneMessage): Promise<void> {
    if (this.publisher.status !== 'ready') {
      throw new BackplaneUnavailableError(
        `Redis is not connected (${this.publisher.status}); the message reached this instance's connections only.`,
      );
    }
    try {
      await this.publisher.publish(channel, JSON.stringify(message));
    } catch (error) {
      throw new BackplaneUnavailableError('Publishing to Redis failed.', { cause: error });
    }
  }

  /** Resolves once Redis confirmed the subscription and the publisher is connected. */
  async subscribe(channel: string, handler: BackplaneHandler): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    const subscription: BackplaneHandler = (message) => handler(message);
    set.add(subscription);
    let confirmed = this.subscribed.get(channel);
    if (!confirmed) {
      confirmed = this.subscriber.subscribe(channel);
      this.subscribed.set(channel, confirmed);
    }
    await confirmed;
    await this.publisherReady;
    return async () => {
      set.delete(subscription);
      if (set.size > 0 || this.handlers.get(channel) !== set) return;
      this.handlers.delete(channel);
      this.subscribed.delete(channel);
      if (this.subscriber.status === 'ready') await this.subscriber.unsubscribe(channel);
    };
  }

  /** Ends both Redis connections; pending reconnects stop. */
  async close(): Promise<void> {
    this.handlers.clear();
    this.subscribed.clear();
    await Promise.all(
      [this.publisher, this.subscriber].map(async (client) => {
        if (client.status === 'ready') {
          await client.quit().catch(() => client.disconnect());
        } else {
          client.disconnect();
        }
      }),
    );
  }

  private deliver(channel: string, text: string): void {
    const set = this.handlers.get(channel);
    if (!set) return;
    let message: BackplaneMessage;
    try {
      message = JSON.parse(text) as BackplaneMessage;
    } catch (error) {
      this.reportError(new Error(`Ignored a message on ${channel} that is not JSON.`, { cause: error }));
      return;
    }
    for (const handler of [...set]) {
      // A failing handler must not break the subscriber connection's reader.
      try {
        handler(message);
      } catch (error) {
        this.reportError(error);
      }
    }
  }
}
