import type { Mailer } from '../../adapters/mail/port';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { routePlugin, serverFeature } from '../../feature-kit';
import { sharePagesPlugin, withQueryLayout } from '../../plugins/share-pages';
import { groupRunRoutes } from './routes';
import { groupRunPageMeta } from './service';

export const groupRunsFeature = serverFeature<{ db: Db; config: AppConfig; mail: Mailer }>({
  name: 'group-runs',
  plugin: async (app, { db, config, mail }) => {
    await app.register(routePlugin('group-runs', groupRunRoutes), { db, config, mail });
    await app.register(routePlugin('group-runs-share-pages', sharePagesPlugin, ['errors']), {
      config,
      pages: [{ route: '/buddy/:id', meta: ({ id }) => groupRunPageMeta(db, id ?? ''), modules: withQueryLayout('features/group-runs/buddy-detail-page.tsx') }],
    });
  },
});
