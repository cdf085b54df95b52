import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: pure/unit tests, API tests on embedded PGlite, and — when
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
          include: ['src/domain/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'eslint-rules/**/*.test.ts'],
          environment: 'jsdom',
        },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...apiOnPostgres,
    ],
  },
});
