/**
 * Prints the API's OpenAPI document (`/api/docs/json`) as the test configuration builds it
 * (development routes included), so two versions of the code can be compared with openapi-diff.ts.
 * Usage: node --import tsx scripts/openapi-doc.ts > openapi.json
 */
import { buildTestApp } from '../src/server/test/fixtures/build-test-app';

const t = await buildTestApp();
try {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  process.stdout.write(`${JSON.stringify(res.json(), null, 2)}\n`);
} finally {
  await t.close();
}
