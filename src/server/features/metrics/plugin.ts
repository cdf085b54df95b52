import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { JobRunner } from '../../jobs/runner';
import { routePlugin, serverFeature } from '../../feature-kit';
import { metricsRoutes } from './routes';

/** `/metrics` for Prometheus (issue 29 §3), behind METRICS_TOKEN; 404 while it is unset. */
export const metricsFeature = serverFeature<{ config: AppConfig; database: Database; jobs: JobRunner }, object>({
  name: 'metrics',
  plugin: async (app, { config, database, jobs }) => {
    await app.register(routePlugin('metrics', metricsRoutes, ['errors', 'metrics', '@fastify/swagger']), { config, database, jobs });
  },
});
