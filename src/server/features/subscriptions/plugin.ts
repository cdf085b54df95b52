import type { Mailer } from '../../adapters/mail/port';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { routePlugin, serverFeature } from '../../feature-kit';
import type { PaymentService } from '../payments/service';
import { adminSubscriptionRoutes, subscriptionRoutes } from './routes';
import { runSubscriptionLifecycle } from './service';

const MINUTE = 60_000;

export const subscriptionsFeature = serverFeature<{ db: Db; config: AppConfig; payments: PaymentService; mail: Mailer }>({
  name: 'subscriptions',
  plugin: async (app, { db, config, payments }) => {
    await app.register(routePlugin('subscriptions', subscriptionRoutes), { db, payments, config });
    await app.register(routePlugin('subscriptions-admin', adminSubscriptionRoutes), { db });
  },
  jobs: [
    // Periods that ended lapse (past_due, then none after the grace days); reminders 3 days before the end.
    ({ db, config, mail }) => ({ name: 'subscriptions.lifecycle', every: 5 * MINUTE, run: ({ now }) => runSubscriptionLifecycle({ db, mail, publicUrl: config.publicUrl }, now) }),
  ],
});
