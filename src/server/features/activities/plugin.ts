import { routePlugin, serverFeature } from '../../feature-kit';
import { activityRoutes } from './routes';

export const activitiesFeature = serverFeature<object>({
  name: 'activities',
  plugin: async (app) => {
    await app.register(routePlugin('activities', activityRoutes));
  },
});
