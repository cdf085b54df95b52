/**
 * The environment of a server on the production build with a fresh embedded database and the demo
 * data, as the browser tests (playwright.config.ts) and the Lighthouse script run it: no Google, no
 * PostgreSQL, quiet logs.
 */
export function demoServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    GOOGLE_CLIENT_ID: '',
    GOOGLE_CLIENT_SECRET: '',
    DATABASE_URL: '',
    WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'dist/web',
  };
}
