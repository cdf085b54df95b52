import type { Db } from '../../db/client';
import { routePlugin, serverFeature } from '../../feature-kit';
import { mailOutboxRoutes } from './routes';

export const mailOutboxFeature = serverFeature<{ db: Db }>({
  name: 'mail-outbox',
  plugin: async (app, { db }) => {
    await app.register(routePlugin('mail-outbox', mailOutboxRoutes), { db });
  },
});
