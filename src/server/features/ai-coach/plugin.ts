import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { routePlugin, serverFeature } from '../../feature-kit';
import { aiCoachRoutes } from './routes';
import { pruneAiCoachData, type AiCoachService } from './service';
import { runPlanEvaluations } from './service.evaluation';

const HOUR = 60 * 60_000;

export const aiCoachFeature = serverFeature<{ config: AppConfig; ai: AiCoachService }, { db: Db }>({
  name: 'ai-coach',
  plugin: async (app, { config, ai }) => {
    await app.register(routePlugin('ai-coach', aiCoachRoutes), { coach: ai, config });
  },
  jobs: [
    // AI drafts nobody saved within a day, and the daily AI quota's past days.
    ({ db }) => ({ name: 'ai-coach.prune', every: 6 * HOUR, run: ({ now }) => pruneAiCoachData(db, now) }),
    // Each AI plan's two-weekly re-evaluation: hourly, so a runner is evaluated soon after their day
    // comes (one indexed query when nobody is due).
    ({ db }) => ({ name: 'ai-coach.evaluate-plans', every: HOUR, run: ({ now, log }) => runPlanEvaluations({ db, log }, now) }),
  ],
});
