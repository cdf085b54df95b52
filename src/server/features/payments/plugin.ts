import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { routePlugin, serverFeature, sweepMs } from '../../feature-kit';
import { ledgerAdminRoutes } from './routes.ledger';
import { paymentsPlugin } from './routes';
import type { PaymentService } from './service';

const HOUR = 60 * 60_000;

/** The payment module itself is built in the wiring (every feature that sells hooks into it there). */
export const paymentsFeature = serverFeature<{ db: Db; config: AppConfig; payments: PaymentService }>({
  name: 'payments',
  plugin: async (app, { db, config, payments }) => {
    await app.register(routePlugin('payments', paymentsPlugin), { db, config, payments });
    await app.register(routePlugin('payments-ledger', ledgerAdminRoutes), { db });
  },
  jobs: [
    // Unpaid orders past their time expire (the gateway asked first) and free what they held.
    ({ config, payments }) => (sweepMs(config) > 0 ? { name: 'payments.expire-orders', every: sweepMs(config), run: ({ now }) => payments.expireStaleOrders(now) } : null),
    ({ config, payments }) => (sweepMs(config) > 0 ? { name: 'payments.prune-rejections', every: HOUR, run: ({ now }) => payments.pruneRejectedNotifications(now) } : null),
  ],
});
