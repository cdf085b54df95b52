import type { Db } from '../../db/client';
import { routePlugin, serverFeature } from '../../feature-kit';
import { adminRoutes } from './routes.admin';

export const usersFeature = serverFeature<{ db: Db }>({
  name: 'users',
  plugin: async (app, { db }) => {
    await app.register(routePlugin('users-admin', adminRoutes), { db });
  },
});
