import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { routePlugin, serverFeature } from '../../feature-kit';
import { sharePagesPlugin, withQueryLayout } from '../../plugins/share-pages';
import { adminEventRoutes, eventRoutes } from './routes';
import { eventListPageMeta, registerPageMeta } from './service';

export const eventsFeature = serverFeature<{ db: Db; config: AppConfig }>({
  name: 'events',
  plugin: async (app, { db, config }) => {
    await app.register(routePlugin('events', eventRoutes), { db, config });
    await app.register(routePlugin('events-admin', adminEventRoutes), { db, config });
    // The register page checks the event's answer with its zod/mini schema (a dynamic import in
    // registrations-api.ts) before it draws anything: preloaded too, or its ~19 KB start after the page's chunk.
    await app.register(routePlugin('events-share-pages', sharePagesPlugin, ['errors']), {
      config,
      pages: [
        { route: '/register/:code', meta: ({ code }) => registerPageMeta(db, code ?? ''), modules: withQueryLayout('features/registrations/public/register-page.tsx', '../domain/events/registration-event-contract.ts') },
        { route: '/registration', meta: () => eventListPageMeta(), modules: withQueryLayout('features/registrations/public/registration-list-page.tsx') },
      ],
    });
  },
});
