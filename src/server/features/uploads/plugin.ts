import type { StoragePort } from '../../adapters/storage/port';
import type { Db } from '../../db/client';
import { routePlugin, serverFeature } from '../../feature-kit';
import { uploadRoutes } from './routes';

export const uploadsFeature = serverFeature<{ db: Db; storage: StoragePort }>({
  name: 'uploads',
  plugin: async (app, { db, storage }) => {
    await app.register(routePlugin('uploads', uploadRoutes), { db, storage });
  },
});
