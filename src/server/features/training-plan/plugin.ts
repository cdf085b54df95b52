import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { routePlugin, serverFeature } from '../../feature-kit';
import { calendarFeedRoutes } from './routes.calendar-feed';
import { devTrainingPlanRoutes } from './routes.dev';
import { trainingPlanRoutes } from './routes';

export const trainingPlanFeature = serverFeature<{ db: Db; config: AppConfig; now?: () => Date }>({
  name: 'training-plan',
  plugin: async (app, { db, config, now }) => {
    await app.register(routePlugin('training-plan', trainingPlanRoutes), { db, now });
    if (config.devLogin) await app.register(routePlugin('training-plan-dev', devTrainingPlanRoutes), { db });
    await app.register(routePlugin('training-plan-feed', calendarFeedRoutes), { db, config });
  },
});
