// Prints every route the server registers with its body limit, and a digest of the OpenAPI document
// (keys sorted, so only content counts), to compare a restructuring before and after:
//   node --import tsx scripts/route-table.ts > /tmp/before.txt   (… change …)   diff /tmp/before.txt <(…)
// Fastify shows a route's final options only to onRoute hooks, so this listens on its diagnostics
// channel for the new instance and records each route's options after every hook has run.
import { createHash } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';

const routes: RouteOptions[] = [];
diagnostics.subscribe('fastify.initialization', (message) => {
  (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route) => {
    routes.push(route);
  });
});

const sorted = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sorted)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, sorted(v)]))
      : value;

const { buildApp } = await import('../src/server/app');
const { openTestDatabase, testConfig } = await import('../src/server/test/fixtures/build-test-app');
const { database, drop } = await openTestDatabase();
// With the development sign-in (and its dev-only routes) and Strava configured, so every route exists.
const config = testConfig({ STRAVA_CLIENT_ID: '1', STRAVA_CLIENT_SECRET: 'x', STRAVA_WEBHOOK_VERIFY_TOKEN: 'verify-token-x', DEV_LOGIN: 'true' });
const app = await buildApp({ config, database });
await app.ready();
const lines = routes.flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((m) => `${m} ${r.url} bodyLimit=${r.bodyLimit ?? 'default'}`));
for (const line of [...new Set(lines)].sort()) console.log(line);
const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
console.log(`openapi paths: ${Object.keys(doc.paths).length}`);
console.log(`openapi sha256 (keys sorted): ${createHash('sha256').update(JSON.stringify(sorted(doc))).digest('hex')}`);
console.log(`openapi sha256 (as served, key order too): ${createHash('sha256').update(JSON.stringify(doc)).digest('hex')}`);
console.log(`jobs: ${[...app.jobs.definitions.keys()].join(', ')}`);
await app.close();
await drop();
