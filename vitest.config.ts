import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Four projects: web unit tests (jsdom), domain/script/lint-rule tests (node), API tests on embedded PGlite, and — when
// TEST_DATABASE_URL is set (CI) — the same API tests again on a real PostgreSQL.
const apiOnPostgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: true as const,
        test: {
          name: 'api-postgres',
          include: ['src/server/**/*.test.ts'],
          // The AI adapters' tests never open a database (OCR of rendered screenshots, Gemini against
          // its fake): one run on the PGlite project is the whole test.
          exclude: ['src/server/adapters/ai/**'],
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ]
  : [];

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default keeps a core for its main process, which only coordinates: on the 2-core CI
    // machine that was one test file at a time. A worker per core (decision 047).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      // The domain, the scripts and the lint rules never touch a DOM: no jsdom to set up per file.
      {
        extends: true,
        test: {
          name: 'domain',
          include: ['src/domain/**/*.test.ts', 'scripts/**/*.test.ts', 'eslint-rules/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          // One worker process keeps the app's modules and PGlite's WebAssembly loaded across test
          // files instead of loading them again for each: −40 % CPU for the API tests (decision 053).
          // Every file builds its own app and database, so nothing is shared but the code.
          isolate: false,
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...apiOnPostgres,
    ],
  },
});
