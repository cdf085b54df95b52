import type { IdentityProvider } from '../../adapters/auth/google-oidc';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { routePlugin, serverFeature } from '../../feature-kit';
import { authRoutes } from './routes';
import { pruneSessions } from './service';

const HOUR = 60 * 60_000;

export const authFeature = serverFeature<{ db: Db; config: AppConfig; identity: IdentityProvider | null }, { db: Db }>({
  name: 'auth',
  plugin: async (app, { db, config, identity }) => {
    await app.register(routePlugin('auth-routes', authRoutes), { db, config, identity });
  },
  jobs: [
    // Expired refresh tokens and the sessions they leave empty or revoked long ago (decision 001).
    ({ db }) => ({ name: 'auth.prune-sessions', every: 6 * HOUR, run: ({ now }) => pruneSessions(db, now) }),
  ],
});
