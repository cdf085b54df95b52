import type { Mailer } from '../../adapters/mail/port';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { routePlugin, serverFeature } from '../../feature-kit';
import { sharePagesPlugin, withQueryLayout } from '../../plugins/share-pages';
import { eventCalendarRoutes } from './routes';
import { calendarPageMeta } from './service';

export const eventCalendarFeature = serverFeature<{ db: Db; config: AppConfig; mail: Mailer }>({
  name: 'event-calendar',
  plugin: async (app, { db, config, mail }) => {
    await app.register(routePlugin('event-calendar', eventCalendarRoutes), { db, config, mail });
    await app.register(routePlugin('event-calendar-share-pages', sharePagesPlugin, ['errors']), {
      config,
      pages: [{ route: '/calendar', meta: (_, query) => calendarPageMeta(query), modules: withQueryLayout('features/event-calendar/calendar-page.tsx') }],
    });
  },
});
