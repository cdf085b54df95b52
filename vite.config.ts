/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './scripts/vite-precompress.ts';
import { deskServiceWorker } from './scripts/vite-desk-sw.ts';
// @ts-expect-error plain .mjs helper shared with the npm scripts
import { webBuildInputs } from './scripts/web-build.mjs';

// The web app lives in src/web; the build lands in dist/web, served by the Fastify server.
// The browser gets Preact's React-compatible renderer (decision 023): react-dom alone was ~63 KB of
// the ~83 KB every public page loaded. Vitest keeps React (Testing Library drives react-dom).
const preactCompat = process.env.VITEST
  ? []
  : [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ];

export default defineConfig({
  root: 'src/web',
  resolve: { alias: preactCompat },
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    deskServiceWorker(),
    precompress(),
    // What this build was made from, so `npm test` after `npm run build` does not build it again.
    webBuildInputs(),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // dist/web/.vite/manifest.json: which chunks each page loads (scripts/measure-public-js.ts).
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}` },
  },
});
