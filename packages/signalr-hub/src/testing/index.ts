// Test helpers for code that runs a hub with the Redis backplane (`@sentinel/signalr-hub/testing`).
export { startRedisServer } from './redis-server';
export type { RedisServer, RedisServerOptions } from './redis-server';
