import type { Mailer } from '../../adapters/mail/port';
import type { ScheduleReaderPort } from '../../adapters/schedule/port';
import type { StoragePort } from '../../adapters/storage/port';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { routePlugin, serverFeature } from '../../feature-kit';
import { sharePagesPlugin, withQueryLayout } from '../../plugins/share-pages';
import type { AiCoachService } from '../ai-coach/service';
import type { PaymentService } from '../payments/service';
import { coachAdminRoutes } from './routes.admin';
import { connectionRoutes } from './routes.connections';
import { devCoachPurchaseRoutes } from './routes.dev-purchase';
import { devCoachingRoutes } from './routes.dev';
import { coachPaymentRoutes } from './routes.payments';
import { coachProfileRoutes } from './routes.profiles';
import { runnerPlanRoutes } from './routes.runner-plans';
import { coachPageMeta } from './service.profiles';

interface CoachingDeps {
  db: Db;
  config: AppConfig;
  payments: PaymentService;
  mail: Mailer;
  storage: StoragePort;
  ai: AiCoachService;
  schedule: ScheduleReaderPort;
  now?: () => Date;
}

export const coachingFeature = serverFeature<CoachingDeps>({
  name: 'coaching',
  plugin: async (app, { db, config, payments, mail, storage, ai, schedule, now }) => {
    if (config.devLogin) await app.register(routePlugin('coaching-dev', devCoachingRoutes), { db });
    if (config.devLogin) await app.register(routePlugin('coaching-dev-purchase', devCoachPurchaseRoutes), { db });
    await app.register(routePlugin('coaching-payment', coachPaymentRoutes), { db, payments, config });
    await app.register(routePlugin('coaching-admin', coachAdminRoutes), { db, storage });
    await app.register(routePlugin('coaching-connections', connectionRoutes), { db, mail, config });
    await app.register(routePlugin('coaching-runner-plans', runnerPlanRoutes), { db, config, ai, schedule, now });
    await app.register(routePlugin('coaching-profile', coachProfileRoutes), { db, config, storage });
    await app.register(routePlugin('coaching-share-pages', sharePagesPlugin, ['errors']), {
      config,
      pages: [{ route: '/coaching/:uniquelink', meta: ({ uniquelink }) => coachPageMeta(db, uniquelink ?? ''), modules: withQueryLayout('features/coaching/public-page/public-coach-page.tsx') }],
    });
  },
});
