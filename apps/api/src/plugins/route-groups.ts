import fp from 'fastify-plugin';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginCallback,
  onRequestHookHandler,
  RawServerDefault,
  RouteOptions,
} from 'fastify';
import type { AuthHook } from './auth';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ADMIN_ROLES, MANAGER_ROLES, ROLE_NAMES, STAFF_ROLES } from '@sentinel/domain';
import type { RoleName } from '@sentinel/domain';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Narrows the roles of the route's group for this one route; it must be a subset of the
     * group's roles (checked when the route is added).
     */
    roles?: readonly RoleName[];
  }
}

export interface RouteGroup {
  /** Names the group's plugin (`sentinel-<name>-routes`) in errors and logs. */
  name: string;
  /** Who may call every route of the group, unless a route narrows it with `config.roles`. */
  roles: readonly RoleName[];
}

export const SIGNED_IN: RouteGroup = { name: 'signed-in', roles: ROLE_NAMES };
export const STAFF: RouteGroup = { name: 'staff', roles: STAFF_ROLES };
export const MANAGERS: RouteGroup = { name: 'managers', roles: MANAGER_ROLES };
export const ADMINS: RouteGroup = { name: 'admins', roles: ADMIN_ROLES };

/** An entity's routes: a plain async plugin or one named by routePlugin(). */
type RoutePlugin =
  | FastifyPluginAsyncTypebox
  | FastifyPluginAsync
  | FastifyPluginCallback<Record<never, never>, RawServerDefault, TypeBoxTypeProvider>;

function hooksOf(route: RouteOptions): onRequestHookHandler[] {
  const hooks = route.onRequest;
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? [...(hooks as onRequestHookHandler[])] : [hooks as onRequestHookHandler];
}

/**
 * An encapsulated plugin whose every route requires a bearer token of one of the group's roles,
 * checked in onRequest before the body is read. The guard is added once, to each route as it is
 * declared, so a route inside the group cannot forget it; the routes go in `plugins`, registered
 * in order (the OpenAPI document lists paths in registration order).
 */
export function routeGroup(group: RouteGroup, ...plugins: RoutePlugin[]) {
  return fp(
    async (app: FastifyInstance) => {
      const allowed = new Set<RoleName>(group.roles);
      const guards = new Map<string, AuthHook>();
      const guardFor = (roles: readonly RoleName[]): AuthHook => {
        const key = [...roles].sort().join(',');
        let guard = guards.get(key);
        if (guard === undefined) {
          guard = app.requireRoles(...roles);
          guards.set(key, guard);
        }
        return guard;
      };
      app.addHook('onRoute', (route) => {
        const roles = route.config?.roles ?? group.roles;
        const outside = roles.filter((role) => !allowed.has(role));
        if (outside.length > 0) {
          throw new Error(
            `${route.method.toString()} ${route.url}: config.roles ${outside.join(', ')} is outside the ` +
              `${group.name} group (${group.roles.join(', ')}); register the route in a wider group.`,
          );
        }
        route.onRequest = [app.authenticate, guardFor(roles), ...hooksOf(route)];
      });
      for (const plugin of plugins) await app.register(plugin as FastifyPluginAsync);
    },
    {
      name: `sentinel-${group.name}-routes`,
      fastify: '5.x',
      encapsulate: true,
      dependencies: ['sentinel-auth'],
      decorators: { fastify: ['authenticate', 'requireRoles'] },
    },
  );
}

/** Anyone with a valid access token, whatever their role (Account-Holder included). */
export const signedIn = (...plugins: RoutePlugin[]) => routeGroup(SIGNED_IN, ...plugins);
/** Admin, Technical-Agent and Company-Admin (the dashboard's users). */
export const staffOnly = (...plugins: RoutePlugin[]) => routeGroup(STAFF, ...plugins);
/** Admin and Technical-Agent. */
export const managersOnly = (...plugins: RoutePlugin[]) => routeGroup(MANAGERS, ...plugins);
/** Admin. */
export const adminsOnly = (...plugins: RoutePlugin[]) => routeGroup(ADMINS, ...plugins);
