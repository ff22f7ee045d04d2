// The live connection's timing, from spec part 1 §9. They belong to the SDK (the only code that
// opens the connection), so they are exported from here rather than from @sentinel/domain.

/** Automatic reconnect waits these delays after a lost connection, then gives up (Disconnected). */
export const LIVE_RECONNECT_DELAYS_MS: readonly number[] = [0, 2_000, 10_000, 30_000];

/** No message (not even a ping) from the server for this long counts as a lost connection. */
export const LIVE_SERVER_TIMEOUT_MS = 30_000;

/** The client pings the server when it has sent nothing for this long. */
export const LIVE_KEEP_ALIVE_MS = 15_000;

/** An HTTP request of the connection (a long poll above all) is abandoned after this long. */
export const LIVE_LONG_POLL_TIMEOUT_MS = 100_000;

/** The hub's path under the API's base URL. */
export const LIVE_HUB_PATH = 'DefaultHub';
