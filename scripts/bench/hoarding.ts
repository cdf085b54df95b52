/**
 * Hoarding bench (issue 26 §5): how many slots one address can hold, and for how long.
 *
 *   npm run bench:hoarding -- [holds=10] [budgetSeconds=420]
 *
 * 1. Proof of work: one client address takes `holds` slots of a platform-paid category with
 *    invented identities, fetching and solving every challenge with altcha-lib's real solver (one
 *    core, like a simple bot). Prints the time of each hold and the total; stops when the next
 *    solve would not fit in `budgetSeconds` (its expected time is printed instead).
 * 2. Self-managed holds: a junk 1×1 "proof of transfer" is uploaded, then the sweep runs 49 hours
 *    after registration: is the slot still held? Then 'Tolak' on another proof: is the slot held
 *    again? And can someone who knows only the registration id replace the proof?
 *
 * In-process (PGlite, inject), REGISTRATION_CHALLENGE on. Figures are CPU-bound: the machine's load
 * is printed with them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq } from 'drizzle-orm';
import { runnerRegistrations, users } from '../../src/server/db/schema';
import { CHALLENGE_MAX_NUMBER } from '../../src/server/features/registrations/public/challenge';
import { sweepSelfManagedRegistrations } from '../../src/server/features/registrations/self-managed/service';
import { buildTestApp, json, type TestApp } from '../../src/server/test/fixtures/build-test-app';
import { multipart, TINY_PNG } from '../../src/server/test/fixtures/multipart';
import { freshRunner, insertEvent, readCategory } from '../../src/server/test/fixtures/registrations';

const holds = Math.max(1, Math.min(Number(process.argv[2] ?? 10), 30));
const budgetMs = Number(process.argv[3] ?? 420) * 1000;
const ADDRESS = '198.51.100.77';
const HOUR = 3_600_000;

const storageDir = mkdtempSync(path.join(os.tmpdir(), 'derap-hoarding-'));
const t: TestApp = await buildTestApp({ env: { REGISTRATION_CHALLENGE: 'true', PAYMENT_EXPIRY_SWEEP_SECONDS: '0', STORAGE_DIR: storageDir } });

type Served = { enabled: boolean; challenge: Challenge & { parameters: { data?: Record<string, unknown> } } };
type Created = { registration: { registrationId: string; expiresAt: string | null }; paymentKey?: string; payment_url: string | null };

const encode = (challenge: Challenge, solution: { counter: number; derivedKey: string }) =>
  Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');

/** Milliseconds of one try (one PBKDF2 of the challenge's cost) on this machine now. */
async function msPerTry(challenge: Challenge): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < 20; i++) await deriveKey(challenge.parameters, new Uint8Array(16), new TextEncoder().encode(String(i)));
  return (performance.now() - t0) / 20;
}

async function register(eventId: string, eventRef: string, remoteAddress: string, extra: Record<string, unknown> = {}) {
  const served = json<Served>(await t.app.inject({ method: 'GET', url: `/api/runner-registrations/challenge?eventId=${encodeURIComponent(eventRef)}`, remoteAddress }));
  const t0 = performance.now();
  const solution = await solveChallenge({ challenge: served.challenge, deriveKey, timeout: 3_600_000 });
  const solveMs = performance.now() - t0;
  const payload = { eventId, categoryId: '10k', runnerData: freshRunner(), altcha: encode(served.challenge, solution!), ...extra };
  const res = await t.app.inject({ method: 'POST', url: '/api/runner-registrations', payload, remoteAddress });
  return { res, solveMs, served, counter: solution!.counter };
}

// 1. Proof of work from one address.
const { event, categories } = await insertEvent(t, { categories: [{ name: '10K', slots: holds }] });
const probe = json<Served>(await t.app.inject({ method: 'GET', url: `/api/runner-registrations/challenge?eventId=${event.id}`, remoteAddress: '203.0.113.1' }));
const perTry = await msPerTry(probe.challenge);
console.log(`Proof of work: ${holds} holds wanted from ${ADDRESS} (one core); one try ${perTry.toFixed(2)} ms; load average ${os.loadavg()[0]!.toFixed(1)}`);
console.log(' n  status  level  max counter  solve s  total s  hold ends in');
const started = performance.now();
let taken = 0;
for (let n = 1; n <= holds; n++) {
  const served = json<Served>(await t.app.inject({ method: 'GET', url: `/api/runner-registrations/challenge?eventId=${event.id}`, remoteAddress: ADDRESS }));
  const maxNumber = Number(served.challenge.parameters.data?.maxNumber ?? CHALLENGE_MAX_NUMBER);
  const expectedMs = (maxNumber / 2) * perTry;
  const elapsed = performance.now() - started;
  if (elapsed + expectedMs > budgetMs) {
    console.log(`${String(n).padStart(2)}  (not solved: expected ${(expectedMs / 1000).toFixed(0)} s mean, ${((maxNumber * perTry) / 1000).toFixed(0)} s worst, over the ${budgetMs / 1000} s budget)`);
    for (let m = n + 1; m <= holds; m++) console.log(`${String(m).padStart(2)}  (not tried)`);
    break;
  }
  const { res, solveMs } = await register(event.eventId, event.id, ADDRESS, { paymentMethod: event.paymentOptions[0] });
  const body = res.json() as Created & { code?: string };
  const endsIn = res.statusCode === 201 && body.registration.expiresAt ? `${Math.round((Date.parse(body.registration.expiresAt) - Date.now()) / 60_000)} min` : (body.code ?? '');
  if (res.statusCode === 201) taken++;
  console.log(
    `${String(n).padStart(2)}  ${String(res.statusCode).padEnd(6)}  ${String(served.challenge.parameters.data?.level ?? '-').padEnd(5)}  ${String(maxNumber).padStart(11)}  ${(solveMs / 1000).toFixed(2).padStart(7)}  ${((performance.now() - started) / 1000).toFixed(1).padStart(7)}  ${endsIn}`,
  );
}
const sold = (await readCategory(t, categories[0]!.id)).sold;
console.log(`=> ${taken} of ${holds} slots held by one address in ${((performance.now() - started) / 1000).toFixed(1)} s (category sold ${sold}/${holds})`);

// 2. Self-managed holds.
const sm = await insertEvent(t, { paymentType: 'self_managed', categories: [{ name: '10K', slots: 10 }] });
const [owner] = await t.database.db.select().from(users).where(eq(users.id, sm.event.createdBy));
const organizer = await t.login(owner!.email, 'organizer');
const upload = (registrationId: string, key?: string) => {
  const { payload, headers } = multipart([{ field: 'file', filename: 'bukti.png', type: 'image/png', bytes: TINY_PNG }]);
  const query = key ? `?key=${encodeURIComponent(key)}` : '';
  return t.app.inject({ method: 'PATCH', url: `/api/runner-registrations/${registrationId}/payment-status-paid${query}`, payload, headers, remoteAddress: '203.0.113.9' });
};
const runnerLink = (created: Created) => created.paymentKey;

const a = json<Created>((await register(sm.event.eventId, sm.event.id, '203.0.113.10')).res);
const junk = await upload(a.registration.registrationId, runnerLink(a));
const registeredAt = Date.now();
// Reminders off (0 hours): the sweep only expires holds, so it needs no mailer.
await sweepSelfManagedRegistrations({ db: t.database.db, mail: undefined as never, publicUrl: t.config.publicUrl, keySecret: t.config.jwtSecret }, 0, new Date(registeredAt + 49 * HOUR));
const [afterSweep] = await t.database.db.select().from(runnerRegistrations).where(eq(runnerRegistrations.registrationId, a.registration.registrationId));
console.log(`\nSelf-managed: junk 1×1 proof uploaded (${junk.statusCode}); 49 h after registration the registration is '${afterSweep!.status}', slot ${afterSweep!.status === 'awaiting_verification' || afterSweep!.status === 'pending' ? 'STILL HELD' : 'freed'}`);

const b = json<Created>((await register(sm.event.eventId, sm.event.id, '203.0.113.11')).res);
await upload(b.registration.registrationId, runnerLink(b));
const [bRow] = await t.database.db.select().from(runnerRegistrations).where(eq(runnerRegistrations.registrationId, b.registration.registrationId));
const soldBefore = (await readCategory(t, sm.categories[0]!.id)).sold;
const reject = await t.app.inject({
  method: 'PATCH',
  url: `/api/runner-registrations/${b.registration.registrationId}/payment-reject`,
  headers: organizer.headers,
  payload: { proofSubmittedAt: bRow!.paymentProofSubmittedAt!.toISOString(), reason: 'Bukti tidak terbaca' },
});
const [bAfter] = await t.database.db.select().from(runnerRegistrations).where(eq(runnerRegistrations.registrationId, b.registration.registrationId));
const soldAfter = (await readCategory(t, sm.categories[0]!.id)).sold;
const newHold = bAfter!.expiresAt && bAfter!.status === 'pending' ? `a new hold until +${Math.round((bAfter!.expiresAt.getTime() - Date.now()) / HOUR)} h` : 'no hold';
console.log(`'Tolak' (${reject.statusCode}): registration '${bAfter!.status}', ${newHold}; category sold ${soldBefore} → ${soldAfter}`);

const c = json<Created>((await register(sm.event.eventId, sm.event.id, '203.0.113.12')).res);
await upload(c.registration.registrationId, runnerLink(c));
const byIdOnly = await upload(c.registration.registrationId);
console.log(`Replacing the proof with the registration id alone: ${byIdOnly.statusCode} ${byIdOnly.statusCode < 300 ? '(REPLACED)' : '(refused)'}`);

await t.close();
rmSync(storageDir, { recursive: true, force: true });
