import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, RawServerDefault } from 'fastify';

export interface RoutePluginMeta {
  /** Plugins (by name) whose decorators the routes use, e.g. 'sentinel-providers'. */
  dependencies?: readonly string[];
  /** Decorators of the instance the routes use. @default ['db'] */
  decorators?: readonly (keyof FastifyInstance)[];
}

/**
 * Names an entity's route plugin (`sentinel-<name>-routes`) and the plugins it needs, keeping it
 * encapsulated: registered without the database (or the other decorators it names), `ready()`
 * fails with "The decorator 'db' required by 'sentinel-users-routes' is not present" instead of
 * a handler failing on its first request.
 */
export function routePlugin(name: string, routes: FastifyPluginAsyncTypebox, meta: RoutePluginMeta = {}) {
  return fp<Record<never, never>, RawServerDefault, TypeBoxTypeProvider>(routes, {
    name: `sentinel-${name}-routes`,
    fastify: '5.x',
    encapsulate: true,
    dependencies: ['sentinel-db', ...(meta.dependencies ?? [])],
    decorators: { fastify: [...(meta.decorators ?? ['db'])] },
  });
}
