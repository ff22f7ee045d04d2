import { lazy } from 'react';
import type { ComponentType } from 'react';

/** A component whose code loads when it first renders, as a chunk of its own. */
export function lazyComponent<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P> {
  return lazy(async () => ({ default: pick(await load()) }));
}

/**
 * The same for a component that calls the api: the api services' code loads beside it, and it
 * renders under their query cache.
 */
export function lazyWithApiServices<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P> {
  return lazy(async () => {
    const [{ WithApiServices }, module] = await Promise.all([import('./api-services'), load()]);
    const Component = pick(module);
    return {
      default: (props: P) => (
        <WithApiServices>
          <Component {...props} />
        </WithApiServices>
      ),
    };
  });
}
