import type { FastifyInstance } from 'fastify';

/**
 * Where a server process is in its life, for the readiness check: `starting` until the app is
 * ready (its plugins loaded, its start-up work done: the database was brought up to date before
 * the app was built), `serving`, then `draining` from when it is asked to close (SIGTERM): the
 * load balancer must stop sending it requests while it finishes the ones it has.
 */
export type Lifecycle = 'starting' | 'serving' | 'draining';

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: { state: Lifecycle };
  }
}

/** Decorates the app with its state; it is `serving` once the app is ready. Register last. */
export function registerLifecycle(app: FastifyInstance): void {
  app.decorate('lifecycle', { state: 'starting' as Lifecycle });
  app.addHook('onReady', async () => {
    if (app.lifecycle.state === 'starting') app.lifecycle.state = 'serving';
  });
}

/**
 * From now on the readiness check answers 503 (`draining`) while the process still serves what
 * it is asked: call it when a close begins, before waiting for the balancer to notice.
 */
export function markDraining(app: FastifyInstance): void {
  app.lifecycle.state = 'draining';
}
