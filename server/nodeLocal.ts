import type { Services } from './context.ts';

/**
 * State one node (one app) keeps in memory beside the database: made on first use, one per app, so the
 * tests' several apps in one process never share it, and dropped with the app.
 */
export function nodeLocal<T>(create: (services: Services) => T): (services: Services) => T {
  const byNode = new WeakMap<Services, T>();
  return (services) => {
    let state = byNode.get(services);
    if (state === undefined) {
      state = create(services);
      byNode.set(services, state);
    }
    return state;
  };
}
