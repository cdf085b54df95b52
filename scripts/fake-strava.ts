/**
 * The fake Strava (src/server/adapters/strava/testing/fake-strava.ts) on its own, for local demos
 * and browser tests in another process:
 *   PORT=4390 node --import tsx scripts/fake-strava.ts
 * then start Derap with STRAVA_API_URL set to the printed URL and the printed client id/secret.
 */
import { startFakeStrava } from '../src/server/adapters/strava/testing/fake-strava';

const fake = await startFakeStrava({
  port: process.env.PORT ? Number(process.env.PORT) : 0,
  clientId: process.env.STRAVA_CLIENT_ID,
  clientSecret: process.env.STRAVA_CLIENT_SECRET,
});
console.log(`Fake Strava: ${fake.url}`);
console.log(`  STRAVA_API_URL=${fake.url} STRAVA_CLIENT_ID=${fake.clientId} STRAVA_CLIENT_SECRET=${fake.clientSecret} STRAVA_WEBHOOK_SUBSCRIPTION_ID=999`);
console.log('  Control: POST /_fake/athletes, POST /_fake/activities {athleteId, ...}, POST /_fake/webhook {callbackUrl, object_id, ...}, GET /_fake/requests');

const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
