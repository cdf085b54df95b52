import type { Mailer } from '../../adapters/mail/port';
import type { StoragePort } from '../../adapters/storage/port';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { routePlugin, serverFeature, sweepMs } from '../../feature-kit';
import type { PaymentService } from '../payments/service';
import { registrationManagementRoutes } from './management/routes';
import { organizerRegistrationRoutes } from './management/routes.runner-data';
import { registrationPublicRoutes } from './public/routes';
import { runnerRegistrationRoutes } from './public/routes.runner';
import { selfManagedPaymentRoutes } from './self-managed/routes';
import { CANCEL_EVENT_JOB, runEventCancellation, sweepRegistrations, sweepWaitingList, WAITING_LIST_JOB } from './service';

const MINUTE = 60_000;

interface RegistrationsDeps {
  db: Db;
  config: AppConfig;
  payments: PaymentService;
  mail: Mailer;
  storage: StoragePort;
}

export const registrationsFeature = serverFeature<RegistrationsDeps, Omit<RegistrationsDeps, 'storage'>>({
  name: 'registrations',
  plugin: async (app, { db, config, payments, mail, storage }) => {
    await app.register(routePlugin('registrations-public', registrationPublicRoutes), { db, config, payments, mail });
    await app.register(routePlugin('registrations-self-managed', selfManagedPaymentRoutes), { db, config, storage, mail });
    await app.register(routePlugin('registrations-organizer', organizerRegistrationRoutes), { db });
    await app.register(routePlugin('registrations-runner', runnerRegistrationRoutes), { db, keySecret: config.jwtSecret });
    await app.register(routePlugin('registrations-management', registrationManagementRoutes), { db, config, payments, mail });
  },
  jobs: [
    // One per canceled event (keyed by the event): refunds, the manual list and the notice mails,
    // one registration per transaction; a refund the gateway refuses fails the run, which retries
    // with backoff and continues where it stopped (decision 021). A long lease: a big event's
    // refunds are many gateway calls, and a second server taking over early would only repeat work.
    ({ db, config, payments, mail }) => ({
      name: CANCEL_EVENT_JOB,
      maxAttempts: 12,
      leaseMs: 30 * MINUTE,
      run: ({ payload, log }) => runEventCancellation({ db, payments, mail, publicUrl: config.publicUrl, log }, String(payload.eventRef ?? '')),
    }),
    // Self-managed holds that ended, their reminders, spent attempt windows and challenges.
    ({ db, config, mail }) =>
      sweepMs(config) > 0
        ? {
            name: 'registrations.sweep',
            every: sweepMs(config),
            run: ({ now }) => sweepRegistrations({ db, mail, publicUrl: config.publicUrl, keySecret: config.jwtSecret }, config.selfManagedReminderHours, now),
          }
        : null,
    // 'Daftar Tunggu': unclaimed offers lapse and pass on, new offers get their mail and 30 minutes (decision 033).
    ({ db, config, mail }) =>
      sweepMs(config) > 0 ? { name: WAITING_LIST_JOB, every: sweepMs(config), run: ({ now }) => sweepWaitingList({ db, mail, publicUrl: config.publicUrl }, now) } : null,
  ],
});
