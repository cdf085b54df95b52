import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { routePlugin, serverFeature } from '../../feature-kit';
import { sharePagesPlugin, withQueryLayout } from '../../plugins/share-pages';
import { publicSiteRoutes } from './routes';

export const publicSiteFeature = serverFeature<{ db: Db; config: AppConfig }>({
  name: 'public-site',
  plugin: async (app, { db, config }) => {
    await app.register(routePlugin('public-site', publicSiteRoutes, ['errors']), { db, config });
    // The coaching landing page has no meta of its own; its chunks still load with the HTML.
    await app.register(routePlugin('public-site-share-pages', sharePagesPlugin, ['errors']), {
      config,
      pages: [{ route: '/coaching', meta: async () => null, modules: withQueryLayout('features/public-site/coaching-page.tsx') }],
    });
  },
});
