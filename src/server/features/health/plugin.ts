import type { Database } from '../../db/client';
import { routePlugin, serverFeature } from '../../feature-kit';
import { healthRoutes } from './routes';

/** Liveness: answers even when the database is down, so it needs no auth or rate limit. */
export const healthFeature = serverFeature<{ database: Database }>({
  name: 'health',
  plugin: async (app, { database }) => {
    await app.register(routePlugin('health', healthRoutes, ['errors', '@fastify/swagger']), { database });
  },
});
