export { createHub, Hub, HubError } from './hub';
export type {
  Authenticate,
  AuthenticateRequest,
  ConnectionHook,
  DisconnectionHook,
  HubContext,
  HubGroups,
  HubMethod,
  HubOptions,
} from './hub';
export type { CloseOptions, HubUser } from './connection';
export type { ClientProxy, HubCallerClients, HubClients } from './clients';
export type { CorsOptions } from './http';
export type { TransportName } from './transports/transport';
export { InMemoryBackplane } from './backplane';
export { BackplaneUnavailableError, RedisBackplane } from './redis-backplane';
export type { RedisBackplaneOptions } from './redis-backplane';
export type { Audience, Backplane, BackplaneHandler, BackplaneMessage } from './backplane';
